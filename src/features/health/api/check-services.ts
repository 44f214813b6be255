import { queryOptions, useQuery } from '@tanstack/react-query';
import { getEnv } from '@/config/env';
import { queryRoots } from '@/lib/query-roots';

export type ServiceId = 'auth' | 'rest' | 'storage' | 'functions';

export interface ServiceCheck {
  id: ServiceId;
  ok: boolean;
  /** HTTP status, or null when no response arrived (network failure, timeout). */
  status: number | null;
  latencyMs: number;
  error?: string;
}

interface ServiceProbe {
  id: ServiceId;
  path: string;
  /** What counts as "up" for this service. */
  isUp: (status: number) => boolean;
}

/**
 * One cheap, side-effect-free request per backend service, the same on hosted Supabase and the
 * local stack. REST counts as up whenever PostgREST itself answers (< 500): its root may be
 * closed to the anon key, which still proves the service is running.
 */
export const SERVICE_PROBES: ServiceProbe[] = [
  { id: 'auth', path: '/auth/v1/health', isUp: (status) => status === 200 },
  { id: 'rest', path: '/rest/v1/', isUp: (status) => status < 500 },
  { id: 'storage', path: '/storage/v1/bucket', isUp: (status) => status === 200 },
  { id: 'functions', path: '/functions/v1/health', isUp: (status) => status === 200 },
];

export const CHECK_TIMEOUT_MS = 8000;

export async function checkService(
  probe: ServiceProbe,
  options: { baseUrl: string; anonKey: string; fetchImpl?: typeof fetch; now?: () => number; signal?: AbortSignal },
): Promise<ServiceCheck> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? (() => performance.now());
  const started = now();
  const timeout = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await fetchImpl(`${options.baseUrl.replace(/\/$/, '')}${probe.path}`, {
      headers: { apikey: options.anonKey, Authorization: `Bearer ${options.anonKey}` },
      signal,
      cache: 'no-store',
    });
    const latencyMs = Math.round(now() - started);
    // Drain the body so the connection is released; its content does not matter here.
    await response.text().catch(() => '');
    return { id: probe.id, ok: probe.isUp(response.status), status: response.status, latencyMs };
  } catch (error) {
    return {
      id: probe.id,
      ok: false,
      status: null,
      latencyMs: Math.round(now() - started),
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

export const healthKeys = { all: queryRoots.health };

export function serviceChecksQueryOptions() {
  return queryOptions({
    queryKey: healthKeys.all,
    queryFn: ({ signal }) => {
      const env = getEnv();
      return Promise.all(
        SERVICE_PROBES.map((probe) =>
          checkService(probe, { baseUrl: env.VITE_SUPABASE_URL, anonKey: env.VITE_SUPABASE_ANON_KEY, signal }),
        ),
      );
    },
    // A health page must always show the live state, never a cached one.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useServiceChecks() {
  return useQuery(serviceChecksQueryOptions());
}
