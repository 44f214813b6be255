/**
 * The WhatsApp Cloud API sandbox of the local stack (issue 16, DESIGN §3), served at
 * `/_sandbox/whatsapp`: Meta's Graph API shapes for a business phone number, so the messaging
 * function talks to it exactly as it talks to https://graph.facebook.com (WHATSAPP_API_URL).
 *
 *   POST /v21.0/<phone_number_id>/messages   text or template; 200 {messaging_product, contacts:
 *        [{input, wa_id}], messages: [{id: 'wamid.…'}]}, or Meta's {error: {message, type, code,
 *        error_subcode, fbtrace_id}}: 190 wrong token (401), 100 invalid parameter or unknown
 *        number id (400), 131047 free text to a guest who has not written in the last 24 hours (400,
 *        like Meta: the sandbox knows the inbound messages it played), 131026 a number flagged
 *        undeliverable, or whatever `fail-next` asked for.
 *   GET  /v21.0/<phone_number_id>             the number's details (the function's "Test").
 *
 * What a developer or a test plays (each POSTs a webhook signed with the app secret —
 * X-Hub-Signature-256 — to the stack's /functions/v1/messaging/webhooks/whatsapp):
 *   POST /play/inbound {from, body, phone_number_id?, profile_name?, at?}  a guest writes
 *   POST /play/status  {id, status: sent|delivered|read|failed, error_code?}  a receipt
 *   POST /fail-next    {code?: 131000, count?: 1}   the next sends fail with that Graph error
 *   POST /undeliverable {to}                         sends to that number fail with 131026
 *   GET  /messages     every send and inbound message (JSON, newest first); POST /reset forgets them
 * Sends and inbound messages are also listed in the local outbox (/_local/outbox), with buttons
 * to play a reply and the delivered / read receipts.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Outbox, OutboxMessage } from '../types';

export const WHATSAPP_SANDBOX_PREFIX = '/_sandbox/whatsapp';
/** The seeded organisation's number (org 1, demo) and its system-user token. */
export const LOCAL_WHATSAPP_PHONE_NUMBER_ID = '100000000000001';
export const LOCAL_WHATSAPP_DISPLAY_PHONE = '+966 11 000 0001';
export const LOCAL_WHATSAPP_TOKEN = 'sandbox-whatsapp-token';
/** The app secret the sandbox signs webhooks with (WHATSAPP_APP_SECRET of the stack's functions). */
export const LOCAL_WHATSAPP_APP_SECRET = 'sandbox-whatsapp-app-secret';
/** The webhook verify token (WHATSAPP_VERIFY_TOKEN). */
export const LOCAL_WHATSAPP_VERIFY_TOKEN = 'sandbox-whatsapp-verify-token';

const WINDOW_MS = 24 * 60 * 60 * 1000;

export interface WhatsappSandboxMessage {
  id: string;
  direction: 'inbound' | 'outbound';
  phoneNumberId: string;
  /** The guest's WhatsApp id (digits). */
  waId: string;
  type: string;
  body: string;
  template: { name: string; language: string; params: string[] } | null;
  status: 'accepted' | 'sent' | 'delivered' | 'read' | 'failed' | 'received';
  at: string;
}

export interface WhatsappSandboxOptions {
  outbox?: Outbox;
  /** Where the webhooks go (the stack's messaging function). */
  webhookUrl?: () => string;
  appSecret?: string;
}

type GraphError = { code: number; message: string; type?: string; subcode?: number };

const graphError = (status: number, e: GraphError) =>
  Response.json(
    {
      error: {
        message: e.message,
        type: e.type ?? 'OAuthException',
        code: e.code,
        ...(e.subcode ? { error_subcode: e.subcode } : {}),
        fbtrace_id: `A${randomBytes(8).toString('hex')}`,
      },
    },
    { status },
  );

const ERRORS: Record<number, { status: number; message: string }> = {
  190: { status: 401, message: 'Error validating access token: Session has expired or the token is invalid.' },
  100: { status: 400, message: '(#100) Invalid parameter' },
  131000: { status: 500, message: 'Something went wrong' },
  130429: { status: 429, message: '(#130429) Rate limit hit' },
  131026: { status: 400, message: 'Message undeliverable' },
  131047: {
    status: 400,
    message: 'Re-engagement message: more than 24 hours have passed since the recipient last replied.',
  },
  132001: { status: 404, message: '(#132001) Template name does not exist in the translation' },
};

const refuseWith = (code: number, message?: string) => {
  const known = ERRORS[code] ?? { status: 400, message: `(#${code}) Error` };
  return graphError(known.status, { code, message: message ?? known.message });
};

const digits = (value: unknown) =>
  String(value ?? '')
    .trim()
    .replace(/[\s-]/g, '')
    .replace(/^\+/, '')
    .replace(/^00/, '');

export function createWhatsappSandbox(options: WhatsappSandboxOptions = {}) {
  const appSecret = options.appSecret ?? LOCAL_WHATSAPP_APP_SECRET;
  /** Business numbers: id → token and display number. Any other 15-digit id answers with the sandbox token. */
  const numbers = new Map<string, { token: string; display: string }>([
    [LOCAL_WHATSAPP_PHONE_NUMBER_ID, { token: LOCAL_WHATSAPP_TOKEN, display: LOCAL_WHATSAPP_DISPLAY_PHONE }],
  ]);
  const messages: WhatsappSandboxMessage[] = [];
  const outboxEntries = new Map<string, OutboxMessage>();
  const undeliverable = new Set<string>();
  let failNext: { code: number; count: number } | null = null;
  let counter = 0;

  const wamid = () =>
    `wamid.${Buffer.from(`sandbox-${Date.now()}-${++counter}-${randomBytes(4).toString('hex')}`).toString('base64url')}`;

  function numberFor(id: string) {
    return numbers.get(id) ?? (/^[0-9]{15,16}$/.test(id) ? { token: LOCAL_WHATSAPP_TOKEN, display: `+${id}` } : null);
  }

  function lastInbound(phoneNumberId: string, wa: string): number | null {
    const found = messages.find((m) => m.direction === 'inbound' && m.phoneNumberId === phoneNumberId && m.waId === wa);
    return found ? Date.parse(found.at) : null;
  }

  function record(message: WhatsappSandboxMessage) {
    messages.unshift(message);
    if (messages.length > 1000) messages.length = 1000;
    const entry = options.outbox?.add({
      channel: 'whatsapp',
      to: `+${message.waId}`,
      from: message.phoneNumberId,
      direction: message.direction,
      providerId: message.id,
      status: message.status,
      body: message.template
        ? `[Template ${message.template.name} · ${message.template.language}] ${message.template.params.join(' | ')}`
        : message.body,
      kind: message.direction === 'inbound' ? 'whatsapp_inbound' : message.template ? 'whatsapp_template' : 'whatsapp',
    });
    if (entry) outboxEntries.set(message.id, entry);
  }

  async function postWebhook(phoneNumberId: string, value: Record<string, unknown>) {
    const number = numberFor(phoneNumberId);
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '200000000000001',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: digits(number?.display ?? phoneNumberId),
                  phone_number_id: phoneNumberId,
                },
                ...value,
              },
            },
          ],
        },
      ],
    });
    const url = options.webhookUrl?.();
    if (!url) return { status: 0, body: 'No webhook URL' };
    const signature = `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      return { status: res.status, body: await res.text() };
    } catch (err) {
      return { status: 0, body: (err as Error).message };
    }
  }

  async function send(req: Request, phoneNumberId: string): Promise<Response> {
    const number = numberFor(phoneNumberId);
    if (!number) return refuseWith(100, `Unsupported post request. Object with ID '${phoneNumberId}' does not exist`);
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
    if (bearer !== number.token) return refuseWith(190);
    let body: Record<string, unknown>;
    try {
      body = (await req.json()) as Record<string, unknown>;
      if (!body || typeof body !== 'object') throw new Error('not an object');
    } catch {
      return refuseWith(100, '(#100) The request body is not JSON');
    }
    if (body.messaging_product !== 'whatsapp') return refuseWith(100, '(#100) messaging_product must be whatsapp');
    const wa = digits(body.to);
    if (!/^[1-9][0-9]{7,14}$/.test(wa)) return refuseWith(100, '(#100) Invalid parameter: to');
    let text = '';
    let template: WhatsappSandboxMessage['template'] = null;
    if (body.type === 'text') {
      text = String((body.text as { body?: unknown } | undefined)?.body ?? '');
      if (!text.trim() || text.length > 4096) return refuseWith(100, '(#100) Invalid parameter: text.body');
    } else if (body.type === 'template') {
      const t = (body.template ?? {}) as {
        name?: unknown;
        language?: { code?: unknown };
        components?: Array<{ type?: string; parameters?: Array<{ text?: unknown }> }>;
      };
      if (typeof t.name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(t.name) || typeof t.language?.code !== 'string') {
        return refuseWith(100, '(#100) Invalid parameter: template.name / template.language.code');
      }
      const params = (t.components ?? [])
        .filter((c) => c.type === 'body')
        .flatMap((c) => c.parameters ?? [])
        .map((p) => String(p.text ?? ''));
      if (params.some((p) => p.trim() === ''))
        return refuseWith(132000, '(#132000) Number of parameters does not match');
      template = { name: t.name, language: t.language.code, params };
    } else {
      return refuseWith(100, `(#100) Unsupported message type: ${String(body.type)}`);
    }
    if (failNext && failNext.count > 0) {
      const { code } = failNext;
      failNext.count -= 1;
      if (failNext.count <= 0) failNext = null;
      return refuseWith(code);
    }
    if (undeliverable.has(wa)) return refuseWith(131026);
    if (!template) {
      const last = lastInbound(phoneNumberId, wa);
      if (last === null || Date.now() - last >= WINDOW_MS) return refuseWith(131047);
    }
    const id = wamid();
    record({
      id,
      direction: 'outbound',
      phoneNumberId,
      waId: wa,
      type: String(body.type),
      body: text,
      template,
      status: 'accepted',
      at: new Date().toISOString(),
    });
    return Response.json({
      messaging_product: 'whatsapp',
      contacts: [{ input: String(body.to), wa_id: wa }],
      messages: [{ id, message_status: 'accepted' }],
    });
  }

  async function playInbound(req: Request): Promise<Response> {
    const body = (await req.json().catch(() => null)) as Record<string, unknown> | null;
    const wa = digits(body?.from);
    const text = typeof body?.body === 'string' ? body.body : '';
    if (!/^[1-9][0-9]{7,14}$/.test(wa) || !text.trim()) {
      return Response.json(
        { message: 'Send {from: "+9665…", body: "…", phone_number_id?, profile_name?}' },
        { status: 400 },
      );
    }
    const phoneNumberId =
      typeof body?.phone_number_id === 'string' ? body.phone_number_id : LOCAL_WHATSAPP_PHONE_NUMBER_ID;
    const at = typeof body?.at === 'string' && Number.isFinite(Date.parse(body.at)) ? new Date(body.at) : new Date();
    const id = wamid();
    record({
      id,
      direction: 'inbound',
      phoneNumberId,
      waId: wa,
      type: 'text',
      body: text,
      template: null,
      status: 'received',
      at: at.toISOString(),
    });
    const name = typeof body?.profile_name === 'string' ? body.profile_name : 'Guest';
    const webhook = await postWebhook(phoneNumberId, {
      contacts: [{ profile: { name }, wa_id: wa }],
      messages: [
        { from: wa, id, timestamp: String(Math.floor(at.getTime() / 1000)), type: 'text', text: { body: text } },
      ],
    });
    return Response.json({ id, webhook });
  }

  async function playStatus(req: Request): Promise<Response> {
    const body = (await req.json().catch(() => null)) as Record<string, unknown> | null;
    const id = typeof body?.id === 'string' ? body.id : '';
    const status = String(body?.status ?? '');
    const sent = messages.find((m) => m.id === id && m.direction === 'outbound');
    if (!sent || !['sent', 'delivered', 'read', 'failed'].includes(status)) {
      return Response.json(
        { message: 'Send {id: "<wamid of a sent message>", status: sent|delivered|read|failed}' },
        { status: 400 },
      );
    }
    sent.status = status as WhatsappSandboxMessage['status'];
    const entry = outboxEntries.get(id);
    if (entry) entry.status = status;
    const code = Number(body?.error_code ?? 131026);
    const webhook = await postWebhook(sent.phoneNumberId, {
      statuses: [
        {
          id,
          status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: sent.waId,
          ...(status === 'failed'
            ? { errors: [{ code, title: ERRORS[code]?.message ?? `Error ${code}`, message: ERRORS[code]?.message }] }
            : {}),
        },
      ],
    });
    return Response.json({ id, status, webhook });
  }

  function setFailNext(code = 131000, count = 1) {
    failNext = { code, count };
  }

  function reset() {
    messages.length = 0;
    outboxEntries.clear();
    undeliverable.clear();
    failNext = null;
  }

  /**
   * Inbound messages the guest's phone sent before this sandbox started (a restarted stack, the
   * seed's conversations): Meta would know them, so they open the window. Not posted as webhooks.
   */
  function rememberInbound(items: Array<{ phoneNumberId: string; from: string; body: string; at: string }>) {
    for (const item of items) {
      const wa = digits(item.from);
      if (!/^[1-9][0-9]{7,14}$/.test(wa) || !Number.isFinite(Date.parse(item.at))) continue;
      messages.push({
        id: wamid(),
        direction: 'inbound',
        phoneNumberId: item.phoneNumberId,
        waId: wa,
        type: 'text',
        body: item.body,
        template: null,
        status: 'received',
        at: new Date(item.at).toISOString(),
      });
    }
    messages.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  }

  return {
    messages,
    numbers,
    rememberInbound,
    /** The next `count` sends fail with Graph error `code` (default 131000, retried by the function). */
    failNext: setFailNext,
    reset,
    playInbound: (body: Record<string, unknown>) =>
      playInbound(new Request('http://sandbox/play/inbound', { method: 'POST', body: JSON.stringify(body) })).then(
        (r) => r.json() as Promise<{ id: string; webhook: { status: number; body: string } }>,
      ),
    playStatus: (body: Record<string, unknown>) =>
      playStatus(new Request('http://sandbox/play/status', { method: 'POST', body: JSON.stringify(body) })).then(
        (r) => r.json() as Promise<{ id: string; status: string; webhook: { status: number; body: string } }>,
      ),
    /** Requests under /_sandbox/whatsapp with the prefix stripped. */
    async handle(req: Request): Promise<Response> {
      const path = new URL(req.url).pathname.replace(/\/+$/, '');
      const graph = /^\/v[0-9]+\.[0-9]+\/([^/]+)(\/messages)?$/.exec(path);
      if (graph) {
        const phoneNumberId = decodeURIComponent(graph[1]!);
        if (graph[2])
          return req.method === 'POST' ? send(req, phoneNumberId) : refuseWith(100, 'Unsupported get request');
        if (req.method !== 'GET') return refuseWith(100, 'Unsupported request');
        const number = numberFor(phoneNumberId);
        if (!number) return refuseWith(100, `Object with ID '${phoneNumberId}' does not exist`);
        const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
        if (bearer !== number.token) return refuseWith(190);
        return Response.json({
          id: phoneNumberId,
          display_phone_number: number.display,
          verified_name: 'Nuzl Sandbox',
          quality_rating: 'GREEN',
        });
      }
      if (req.method === 'GET' && path === '/messages') return Response.json(messages);
      if (req.method !== 'POST') return Response.json({ message: 'Not found' }, { status: 404 });
      if (path === '/play/inbound') return playInbound(req);
      if (path === '/play/status') return playStatus(req);
      if (path === '/reset') {
        reset();
        return new Response(null, { status: 204 });
      }
      const body = (await req.json().catch(() => ({}))) as Record<string, unknown>;
      if (path === '/fail-next') {
        setFailNext(Number(body.code ?? 131000) || 131000, Math.max(1, Number(body.count ?? 1) || 1));
        return Response.json({ fail_next: failNext });
      }
      if (path === '/undeliverable') {
        const wa = digits(body.to);
        if (!wa) return Response.json({ message: 'Send {to}' }, { status: 400 });
        undeliverable.add(wa);
        return Response.json({ undeliverable: [...undeliverable] });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    },
  };
}

export type WhatsappSandbox = ReturnType<typeof createWhatsappSandbox>;
