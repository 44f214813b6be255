/**
 * Loads the auth / storage / functions services and the outbox, each built by its own module.
 * A module that is not there yet gives a 503 from the gateway instead of breaking the stack;
 * a module that is there but fails to load is reported (stderr and the 503's message).
 */
import type { Outbox, OutboxMessage, Service, ServiceDeps } from './types';
import type { ServiceName } from './gateway';

type Factory = (deps: ServiceDeps) => Service | Promise<Service>;

/** The services built from their own modules (Realtime is part of the stack itself: realtime/server.ts). */
type ModuleServiceName = Exclude<ServiceName, 'realtime'>;

const FACTORIES: Record<ModuleServiceName, string> = {
  auth: 'createAuthService',
  storage: 'createStorageService',
  functions: 'createFunctionsService',
};

function isMissingModule(err: unknown, fragment: string): boolean {
  const e = err as NodeJS.ErrnoException & { message?: string };
  const msg = e?.message ?? '';
  return (
    (e?.code === 'ERR_MODULE_NOT_FOUND' || /Cannot find module|Failed to load url|Does the file exist/i.test(msg)) &&
    msg.includes(fragment)
  );
}

/** A service that answers every request with 503 and why. */
function unavailable(name: string, reason: string): Service {
  return {
    async handle() {
      return Response.json(
        { code: 'service_unavailable', message: `The ${name} service failed to start: ${reason}` },
        { status: 503 },
      );
    },
  };
}

export async function loadService(name: ModuleServiceName, deps: ServiceDeps, quiet: boolean): Promise<Service | null> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(`./${name}/index.ts`)) as Record<string, unknown>;
  } catch (err) {
    if (isMissingModule(err, `${name}/index`)) return null;
    if (!quiet) process.stderr.write(`[stack] ${name} service failed to load: ${(err as Error).stack ?? err}\n`);
    return unavailable(name, (err as Error).message);
  }
  const factory = mod[FACTORIES[name]] as Factory | undefined;
  if (typeof factory !== 'function') return unavailable(name, `${name}/index.ts does not export ${FACTORIES[name]}`);
  try {
    return await factory(deps);
  } catch (err) {
    if (!quiet) process.stderr.write(`[stack] ${name} service failed to start: ${(err as Error).stack ?? err}\n`);
    return unavailable(name, (err as Error).message);
  }
}

export type LocalOutbox = Outbox & { handle?(req: Request): Promise<Response> };

/** The auth helper's outbox (with its dev page), or a plain in-memory list until it lands. */
export async function loadOutbox(): Promise<LocalOutbox> {
  try {
    const mod = (await import('./auth/outbox.ts' as string)) as { createOutbox?: () => LocalOutbox };
    if (typeof mod.createOutbox === 'function') return mod.createOutbox();
  } catch (err) {
    if (!isMissingModule(err, 'auth/outbox')) throw err;
  }
  const messages: OutboxMessage[] = [];
  return {
    add(message) {
      const full: OutboxMessage = { ...message, id: crypto.randomUUID(), createdAt: new Date().toISOString() };
      messages.push(full);
      return full;
    },
    list: () => [...messages],
    clear: () => {
      messages.length = 0;
    },
  };
}
