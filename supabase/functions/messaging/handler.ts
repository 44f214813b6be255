// /functions/v1/messaging — the guest conversation's provider side (issue 16). verify_jwt is off
// ([functions.messaging] in supabase/config.toml): each route checks its caller itself.
//   POST /messaging/send                   service key; {"id": "<message id>"} (send_message, after
//                                          commit) or {} (the nuzl-messages-retry job: every due one)
//   GET  /messaging/webhooks/whatsapp      Meta's verify-token handshake
//   POST /messaging/webhooks/whatsapp      Meta's signed webhook: inbound messages and statuses
//   POST /messaging/webhooks/sms/<gateway> delivery reports (unifonic | taqnyat), ?token=SMS_WEBHOOK_TOKEN
//   POST /messaging/providers/test         {"provider": "whatsapp" | "sms"} with staff's JWT
//                                          (integrations.write), or the service key with organization_id
//
// One send (send.ts): message_claim leases a queued outbound message and returns it with the
// guest, the organisation's messaging settings and secrets; the provider is called; message_finish
// records the provider's id, or the reason and the back-off the database computes (1, 5, 15, 60,
// 240 minutes; then failed). A message that already has a provider id is never claimed again; for a
// crash between the provider's answer and message_finish, Resend gets an Idempotency-Key and
// Unifonic a CorrelationID (the message id).
//
// Bad input is a 4xx, never a 5xx: a forged or missing signature 401, unreadable JSON 400. Refusals
// are logged (console.warn) so an attack or a misconfigured webhook shows in the function's logs.
import { corsHeaders } from '../_shared/cors.ts';
import { answer, isServiceCaller, sameSecret, serviceRest, UUID, type Env } from '../_shared/service.ts';
import { jwtPayload } from '../_shared/supabase.ts';
import { parseDeliveryReport } from '../_shared/sms.ts';
import { parseWebhook, verifyWebhookSignature } from '../_shared/whatsapp.ts';
import { createSender } from './send.ts';
import { testProvider } from './providers.ts';

export interface MessagingDeps {
  env: Env;
  fetch: typeof fetch;
}

const refuse = (status: number, code: string, message: string, detail?: string) => {
  console.warn(`messaging: ${status} ${code}${detail ? ` (${detail})` : ''}`);
  return answer(status, { code, message });
};

/** A refused or failed RPC; a 4xx is the input's fault (the database refused it), not an outage. */
class RpcError extends Error {
  constructor(
    name: string,
    readonly status: number,
    body: string,
  ) {
    super(`${name} failed: ${status} ${body.slice(0, 500)}`);
  }
}

/**
 * One webhook item the database refuses (4xx: an address it cannot read…) is logged and skipped,
 * so the provider does not redeliver the whole webhook for ever; an outage (5xx) still throws.
 */
async function skipRefused<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RpcError && error.status >= 400 && error.status < 500) {
      console.warn(`messaging: webhook item refused: ${error.message}`);
      return null;
    }
    throw error;
  }
}

export function createMessagingHandler(deps: MessagingDeps) {
  const rest = serviceRest(deps.env, deps.fetch);

  async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
    const response = await rest(`rpc/${name}`, { method: 'POST', body: JSON.stringify(args) });
    if (!response.ok) throw new RpcError(name, response.status, await response.text());
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  }

  const sender = createSender({ env: deps.env, fetch: deps.fetch, rpc });

  async function send(req: Request): Promise<Response> {
    if (!isServiceCaller(req, deps.env)) return refuse(401, 'unauthorized', 'Service role only', 'send');
    let id: unknown;
    try {
      const text = await req.text();
      id = text.trim() ? ((JSON.parse(text) as { id?: unknown }) ?? {}).id : undefined;
    } catch {
      return refuse(400, 'invalid_json', 'Send {"id": "<message uuid>"}, or {} for every due message');
    }
    if (id !== undefined && id !== null && (typeof id !== 'string' || !UUID.test(id))) {
      return refuse(400, 'invalid_id', 'Send {"id": "<message uuid>"}, or {} for every due message');
    }
    try {
      const ids =
        typeof id === 'string' ? [id] : ((await rpc<string[] | null>('messages_due', { batch_size: 20 })) ?? []);
      const results = [];
      for (const messageId of ids) results.push(await sender.deliver(messageId));
      return answer(200, { results });
    } catch (error) {
      console.error('messaging: send', error);
      return answer(503, { code: 'unavailable', message: 'The messages could not be read; the retry job tries again' });
    }
  }

  function handshake(url: URL): Response {
    const mode = url.searchParams.get('hub.mode');
    const token = url.searchParams.get('hub.verify_token') ?? '';
    const challenge = url.searchParams.get('hub.challenge') ?? '';
    const expected = deps.env('WHATSAPP_VERIFY_TOKEN');
    if (mode !== 'subscribe' || !expected || !sameSecret(expected, token)) {
      return refuse(403, 'forbidden', 'The verify token does not match', 'whatsapp handshake');
    }
    return new Response(challenge, { status: 200, headers: { 'Content-Type': 'text/plain', ...corsHeaders } });
  }

  async function whatsappWebhook(req: Request): Promise<Response> {
    const raw = await req.text();
    const secret = deps.env('WHATSAPP_APP_SECRET') ?? '';
    if (!(await verifyWebhookSignature(raw, req.headers.get('x-hub-signature-256'), secret))) {
      return refuse(
        401,
        'invalid_signature',
        'The X-Hub-Signature-256 signature is missing or wrong',
        'whatsapp webhook',
      );
    }
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      return refuse(400, 'invalid_json', 'The webhook body is not JSON', 'whatsapp webhook');
    }
    const { messages, statuses } = parseWebhook(payload);
    try {
      let stored = 0;
      for (const m of messages) {
        const id = await skipRefused(() =>
          rpc<string | null>('record_inbound_message', {
            phone_number_id: m.phoneNumberId,
            channel: 'whatsapp',
            from_address: m.from,
            body: m.body,
            provider_message_id: m.id,
            sent_at: m.sentAt,
            profile_name: m.profileName,
          }),
        );
        if (id) stored++;
        else console.warn(`messaging: inbound WhatsApp ${m.id} not stored (number id ${m.phoneNumberId})`);
      }
      for (const s of statuses) {
        await skipRefused(() =>
          rpc('record_message_status', {
            channel: 'whatsapp',
            provider_message_id: s.id,
            status: s.status,
            error: s.error,
            at: s.at,
          }),
        );
      }
      return answer(200, { messages: messages.length, stored, statuses: statuses.length });
    } catch (error) {
      // Meta redelivers a webhook that did not get a 200; redelivery is a no-op in the database.
      console.error('messaging: whatsapp webhook', error);
      return answer(503, { code: 'unavailable', message: 'The webhook could not be stored; send it again' });
    }
  }

  async function smsWebhook(req: Request, url: URL, gateway: string): Promise<Response> {
    if (gateway !== 'unifonic' && gateway !== 'taqnyat') return refuse(404, 'not_found', 'Unknown SMS gateway');
    const expected = deps.env('SMS_WEBHOOK_TOKEN');
    const token = url.searchParams.get('token') ?? '';
    if (!expected || !sameSecret(expected, token)) {
      return refuse(401, 'invalid_token', 'The webhook token is missing or wrong', `sms ${gateway} webhook`);
    }
    const raw = await req.text();
    let fields: Record<string, unknown>;
    try {
      const type = req.headers.get('content-type') ?? '';
      fields = type.includes('application/x-www-form-urlencoded')
        ? Object.fromEntries(new URLSearchParams(raw))
        : (JSON.parse(raw) as Record<string, unknown>);
      if (!fields || typeof fields !== 'object' || Array.isArray(fields)) throw new Error('not an object');
    } catch {
      return refuse(400, 'invalid_json', 'The delivery report is not JSON or a form', `sms ${gateway} webhook`);
    }
    const report = parseDeliveryReport(fields);
    if (!report) return refuse(400, 'invalid_report', 'The delivery report names no message or status');
    try {
      const recorded = await skipRefused(() =>
        rpc('record_message_status', {
          channel: 'sms',
          provider_message_id: report.id,
          status: report.status,
          error: report.error,
          at: new Date().toISOString(),
        }),
      );
      return answer(200, { ok: true, message_id: recorded });
    } catch (error) {
      console.error('messaging: sms webhook', error);
      return answer(503, { code: 'unavailable', message: 'The report could not be stored; send it again' });
    }
  }

  async function providersTest(req: Request): Promise<Response> {
    let body: { provider?: unknown; organization_id?: unknown };
    try {
      const text = await req.text();
      body = text.trim() ? (JSON.parse(text) as typeof body) : {};
    } catch {
      return refuse(400, 'invalid_json', 'Send {"provider": "whatsapp" | "sms"}');
    }
    const provider = body?.provider;
    if (provider !== 'whatsapp' && provider !== 'sms') {
      return refuse(400, 'invalid_provider', 'Send {"provider": "whatsapp" | "sms"}');
    }
    let organizationId: string;
    if (isServiceCaller(req, deps.env)) {
      if (typeof body.organization_id !== 'string' || !UUID.test(body.organization_id)) {
        return refuse(400, 'invalid_organization', 'The service role names the organisation (organization_id)');
      }
      organizationId = body.organization_id;
    } else {
      const token = /^Bearer\s+(\S+)$/i.exec((req.headers.get('authorization') ?? '').trim())?.[1];
      if (!token || typeof jwtPayload(token)?.sub !== 'string')
        return refuse(401, 'unauthorized', 'Sign in to continue');
      const allowed = await callerRpc(token, 'integration_for_caller', { provider, for_write: true });
      if (allowed.status === 403) return refuse(403, 'forbidden', 'Permission denied. Contact administrator.');
      if (allowed.status === 401) return refuse(401, 'unauthorized', 'Sign in to continue');
      if (!allowed.ok) throw new Error(`integration_for_caller failed: ${allowed.status}`);
      organizationId = (allowed.body as { organization_id: string }).organization_id;
    }
    const outcome = await testProvider({ env: deps.env, fetch: deps.fetch, rest }, organizationId, provider);
    if (!outcome.ok) {
      return answer(outcome.status === 409 ? 409 : 422, {
        code: outcome.status === 409 ? 'messaging_provider_not_connected' : 'messaging_provider_rejected',
        message: outcome.error,
        status: 'error',
      });
    }
    return answer(200, outcome);
  }

  /** An RPC as the caller (their JWT): the database checks the permission. */
  async function callerRpc(token: string, name: string, args: Record<string, unknown>) {
    const url = (deps.env('SUPABASE_URL') ?? '').replace(/\/+$/, '');
    let apikey = deps.env('SUPABASE_ANON_KEY');
    if (!apikey) {
      try {
        apikey = Object.values(JSON.parse(deps.env('SUPABASE_PUBLISHABLE_KEYS') ?? '{}') as Record<string, string>)[0];
      } catch {
        apikey = undefined;
      }
    }
    const res = await deps.fetch(`${url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: apikey ?? '', Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { ok: res.ok, status: res.status, body: parsed };
  }

  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    const url = new URL(req.url);
    const path = url.pathname.replace(/^.*?\/messaging(?=\/|$)/, '').replace(/\/+$/, '') || '/';
    try {
      if (path === '/send')
        return req.method === 'POST' ? await send(req) : refuse(405, 'method_not_allowed', 'Use POST');
      if (path === '/webhooks/whatsapp') {
        if (req.method === 'GET') return handshake(url);
        if (req.method === 'POST') return await whatsappWebhook(req);
        return refuse(405, 'method_not_allowed', 'Use GET or POST');
      }
      const sms = /^\/webhooks\/sms\/([a-z]+)$/.exec(path);
      if (sms)
        return req.method === 'POST'
          ? await smsWebhook(req, url, sms[1]!)
          : refuse(405, 'method_not_allowed', 'Use POST');
      if (path === '/providers/test') {
        return req.method === 'POST' ? await providersTest(req) : refuse(405, 'method_not_allowed', 'Use POST');
      }
      return refuse(404, 'not_found', 'No such route', path);
    } catch (error) {
      console.error('messaging:', error);
      return answer(503, { code: 'unavailable', message: 'The messaging service is unavailable; try again' });
    }
  };
}
