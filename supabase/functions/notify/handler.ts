// POST /functions/v1/notify — sends staff notifications outside the app (issue 14): today e-mail,
// through Resend's contract (_shared/email.ts); SMS and WhatsApp join with the messaging work.
// Called by the database with the service key (pg_net, after commit) with {} — every delivery due
// (supabase/migrations/20261128300100_notifications.sql) — or {"id": "<delivery id>"} for one.
// verify_jwt is off ([functions.notify] in supabase/config.toml): the caller's key is checked here.
//
// One attempt at a delivery:
//   1. notification_delivery_claim leases it and returns the event, params, link, recipient, organisation;
//   2. the e-mail is composed in the recipient's language (compose.ts) with a link into the app;
//   3. it goes to the provider with an Idempotency-Key per delivery (a retry never sends twice);
//   4. notification_delivery_finish records the provider's id, or the error and the back-off.
// Locally the provider is the stack's e-mail sandbox and the e-mails appear in the outbox.
//
// Environment: SITE_URL (the app's address, for links), EMAIL_API_URL / EMAIL_API_KEY / EMAIL_FROM.
import { corsHeaders } from '../_shared/cors.ts';
import { emailSettings, sendEmail, type SendResult } from '../_shared/email.ts';
import { answer, UUID, isServiceCaller, serviceRest, type Env } from '../_shared/service.ts';
import { composeEmail, renderHtml, type DeliveryContext } from './compose.ts';

export interface NotifyDeps {
  env: Env;
  fetch: typeof fetch;
}

interface Claim extends DeliveryContext {
  id: string;
  recipient: (DeliveryContext['recipient'] & { status?: string }) | null;
  channel: string;
  to_address: string;
  attempts: number;
}

export type DeliveryOutcome = { id: string; status: 'not_due' | 'sent' | 'retrying' | 'failed'; error?: string };

export function createNotifyHandler(deps: NotifyDeps) {
  const rest = serviceRest(deps.env, deps.fetch);

  async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
    const response = await rest(`rpc/${name}`, { method: 'POST', body: JSON.stringify(args) });
    if (!response.ok) throw new Error(`${name} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function send(claim: Claim): Promise<SendResult & { giveUp?: boolean }> {
    if (claim.channel !== 'email') {
      return { ok: false, status: 400, error: `No provider for the ${claim.channel} channel`, giveUp: true };
    }
    const settings = emailSettings(deps.env);
    if (!settings) return { ok: false, status: 503, error: 'E-mail is not configured (EMAIL_API_KEY, EMAIL_FROM)' };
    const email = composeEmail(claim, deps.env('SITE_URL') ?? '');
    return await sendEmail(
      settings,
      {
        from: settings.from,
        to: [claim.to_address],
        subject: email.subject,
        text: email.text,
        html: renderHtml(email),
        kind: `notification_${claim.event}`,
        idempotencyKey: `notification-${claim.id}`,
      },
      deps.fetch,
    );
  }

  async function deliver(id: string): Promise<DeliveryOutcome> {
    const claim = await rpc<Claim | null>('notification_delivery_claim', { delivery_id: id });
    if (!claim) return { id, status: 'not_due' };
    let result: SendResult & { giveUp?: boolean };
    if (claim.recipient?.status !== undefined && claim.recipient.status !== 'active') {
      // Deactivated since the event: they are told nothing more.
      result = { ok: false, status: 410, error: 'The recipient is no longer an active member', giveUp: true };
    } else {
      try {
        result = await send(claim);
      } catch (caught) {
        console.error('notify:', caught);
        result = { ok: false, status: 0, error: caught instanceof Error ? caught.message : String(caught) };
      }
    }
    const finished = await rpc<{ sent_at: string | null; failed_at: string | null }>('notification_delivery_finish', {
      delivery_id: id,
      provider_id: result.ok ? result.id : null,
      error: result.ok ? null : result.error,
      give_up: !result.ok && result.giveUp === true,
    });
    const status = finished.sent_at ? 'sent' : finished.failed_at ? 'failed' : 'retrying';
    return result.ok ? { id, status } : { id, status, error: result.error };
  }

  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (req.method !== 'POST') return answer(405, { code: 'method_not_allowed', message: 'Use POST' });
    if (!isServiceCaller(req, deps.env)) return answer(401, { code: 'unauthorized', message: 'Service role only' });
    let id: unknown;
    try {
      id = ((await req.json()) as { id?: unknown }).id;
    } catch {
      id = undefined;
    }
    if (id !== undefined && (typeof id !== 'string' || !UUID.test(id))) {
      return answer(400, {
        code: 'invalid_id',
        message: 'Send {"id": "<delivery uuid>"}, or {} for every due delivery',
      });
    }
    try {
      const ids =
        typeof id === 'string' ? [id] : await rpc<string[]>('notification_deliveries_due', { batch_size: 20 });
      const results: DeliveryOutcome[] = [];
      for (const delivery of ids) results.push(await deliver(delivery));
      return answer(200, { results });
    } catch (error) {
      console.error('notify:', error);
      return answer(503, {
        code: 'unavailable',
        message: 'The deliveries could not be read; the cron job retries them',
      });
    }
  };
}
