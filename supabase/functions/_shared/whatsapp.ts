// WhatsApp through Meta's Cloud API (issue 16), the published contract:
//   send:     POST {WHATSAPP_API_URL}/v21.0/{phone_number_id}/messages with a Bearer system-user token,
//             {messaging_product: 'whatsapp', to, type: 'text' | 'template', …}; 200 answers
//             {messaging_product, contacts: [{input, wa_id}], messages: [{id: 'wamid.…'}]}, a refusal
//             {error: {message, type, code, error_subcode, fbtrace_id}}.
//   webhooks: POST with X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, app secret>,
//             {object: 'whatsapp_business_account', entry: [{changes: [{field: 'messages', value:
//             {metadata: {phone_number_id}, contacts, messages: [...], statuses: [...]}}]}]}.
// Hosted, WHATSAPP_API_URL defaults to https://graph.facebook.com; locally it is the stack's sandbox
// (supabase/local/whatsapp). Free text reaches a guest only within 24 hours of their last message
// (the customer-service window); outside it only an approved template may be sent.
import type { SendResult } from './email.ts';
import type { Env } from './service.ts';

export const GRAPH_VERSION = 'v21.0';
/** The customer-service window: free text within this long after the guest's last message. */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

export function whatsappApiUrl(env: Env): string {
  return (env('WHATSAPP_API_URL') ?? 'https://graph.facebook.com').replace(/\/+$/, '');
}

/** Is the window open at `now` for a guest whose last inbound message came at `lastInboundAt`? */
export function windowOpen(lastInboundAt: string | Date | null | undefined, now: Date = new Date()): boolean {
  if (!lastInboundAt) return false;
  const at = typeof lastInboundAt === 'string' ? Date.parse(lastInboundAt) : lastInboundAt.getTime();
  if (!Number.isFinite(at)) return false;
  return now.getTime() - at < WINDOW_MS && at <= now.getTime() + 60_000;
}

/** WhatsApp ids are the number's digits (no '+', no 00); null when it is not an international number. */
export function waId(phone: string): string | null {
  const digits = phone.trim().replace(/[\s-]/g, '').replace(/^\+/, '').replace(/^00/, '');
  return /^[1-9][0-9]{7,14}$/.test(digits) ? digits : null;
}

/** A WhatsApp id (digits) as the E.164 number the database keeps. */
export const e164 = (id: string) => `+${id.replace(/^\+/, '')}`;

/** Meta's error codes as reasons staff can act on (kept in messages.error). */
const REASONS: Record<number, string> = {
  131047: 'Outside the 24-hour window: use an approved template',
  131026: 'Undeliverable: the number is not on WhatsApp or cannot receive this message',
  131051: 'Unsupported message type',
  131056: 'Too many messages to this number in a short time: try again later',
  132000: 'The template parameters do not match the approved template',
  132001: 'The template does not exist in this language or is not approved',
  131030: 'The number is not in the allowed list of this test account',
  131031: 'The WhatsApp Business account is locked',
  130429: 'Rate limit reached: the message is retried',
  131000: 'WhatsApp could not send the message: it is retried',
  190: 'The WhatsApp access token is invalid or expired: reconnect WhatsApp in Settings → Integrations',
  100: 'Invalid parameter',
  10: 'The access token lacks the whatsapp_business_messaging permission',
  200: 'The access token lacks the whatsapp_business_messaging permission',
};

/** Codes worth no retry (the same request would be refused again). */
const FINAL = new Set([131047, 131026, 131051, 132000, 132001, 131030, 100, 190, 10, 200]);

export interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
  error_data?: { details?: string };
}

export function whatsappReason(
  error: GraphError | null | undefined,
  fallback = 'WhatsApp refused the message',
): string {
  const code = typeof error?.code === 'number' ? error.code : null;
  const known = code !== null ? REASONS[code] : undefined;
  const detail = error?.error_data?.details ?? error?.message;
  const text = known ?? detail ?? fallback;
  return `${text}${code !== null ? ` (WhatsApp ${code})` : ''}`.slice(0, 1000);
}

export type WhatsappResult =
  (SendResult & { ok: true }) | { ok: false; status: number; error: string; code: number | null; final: boolean };

export interface WhatsappTemplate {
  name: string;
  language: string;
  params: string[];
}

export type OutgoingWhatsapp = { to: string; text: string } | { to: string; template: WhatsappTemplate };

/** The Graph API body of a text or template message. */
export function whatsappPayload(message: OutgoingWhatsapp): Record<string, unknown> | null {
  const to = waId(message.to);
  if (!to) return null;
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  if ('text' in message) return { ...base, type: 'text', text: { preview_url: true, body: message.text } };
  const { name, language, params } = message.template;
  return {
    ...base,
    type: 'template',
    template: {
      name,
      language: { code: language },
      ...(params.length
        ? // WhatsApp refuses an empty parameter; a missing value is sent as a dash.
          { components: [{ type: 'body', parameters: params.map((p) => ({ type: 'text', text: p.trim() || '-' })) }] }
        : {}),
    },
  };
}

export async function sendWhatsapp(
  settings: { url: string; token: string; phoneNumberId: string },
  message: OutgoingWhatsapp,
  fetcher: typeof fetch = fetch,
): Promise<WhatsappResult> {
  const payload = whatsappPayload(message);
  if (!payload) {
    return {
      ok: false,
      status: 400,
      error: `Not an international phone number: ${message.to}`,
      code: null,
      final: true,
    };
  }
  let sent: Response;
  try {
    sent = await fetcher(`${settings.url}/${GRAPH_VERSION}/${encodeURIComponent(settings.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${settings.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch (error) {
    return { ok: false, status: 0, error: `WhatsApp could not be reached: ${String(error)}`, code: null, final: false };
  }
  const text = await sent.text();
  let body: { messages?: Array<{ id?: string }>; error?: GraphError } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON
  }
  if (!sent.ok || body.error) {
    const code = typeof body.error?.code === 'number' ? body.error.code : null;
    return {
      ok: false,
      status: sent.status,
      error: whatsappReason(body.error, `WhatsApp ${sent.status}: ${text.slice(0, 200)}`),
      code,
      final: code !== null ? FINAL.has(code) : sent.status >= 400 && sent.status < 500 && sent.status !== 429,
    };
  }
  return { ok: true, id: body.messages?.[0]?.id ?? null };
}

/** GET the phone number's details (Settings → Integrations "Test"). */
export async function whatsappPhoneNumber(
  settings: { url: string; token: string; phoneNumberId: string },
  fetcher: typeof fetch = fetch,
): Promise<
  { ok: true; display_phone_number: string | null; verified_name: string | null } | { ok: false; error: string }
> {
  try {
    const res = await fetcher(
      `${settings.url}/${GRAPH_VERSION}/${encodeURIComponent(settings.phoneNumberId)}?fields=display_phone_number,verified_name,quality_rating`,
      { headers: { Authorization: `Bearer ${settings.token}` } },
    );
    const body = (await res.json().catch(() => ({}))) as {
      display_phone_number?: string;
      verified_name?: string;
      error?: GraphError;
    };
    if (!res.ok || body.error) return { ok: false, error: whatsappReason(body.error, `WhatsApp ${res.status}`) };
    return {
      ok: true,
      display_phone_number: body.display_phone_number ?? null,
      verified_name: body.verified_name ?? null,
    };
  } catch (error) {
    return { ok: false, error: `WhatsApp could not be reached: ${String(error)}` };
  }
}

// ---------------------------------------------------------------------------------------------
// Webhooks

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** sha256=<hex> of the body with the app secret, as Meta signs webhooks. */
export async function signWebhook(rawBody: string, appSecret: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(appSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return `sha256=${hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(rawBody)))}`;
}

/** Checks X-Hub-Signature-256 in constant time; false when missing, malformed or wrong. */
export async function verifyWebhookSignature(
  rawBody: string,
  header: string | null,
  appSecret: string,
): Promise<boolean> {
  if (!header || !appSecret || !/^sha256=[0-9a-f]{64}$/i.test(header.trim())) return false;
  const expected = await signWebhook(rawBody, appSecret);
  const given = header.trim().toLowerCase();
  let diff = expected.length ^ given.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (given.charCodeAt(i) || 0);
  return diff === 0;
}

export interface InboundWhatsapp {
  phoneNumberId: string;
  from: string;
  id: string;
  body: string;
  sentAt: string;
  profileName: string | null;
}

export interface WhatsappStatus {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: string;
  error: string | null;
}

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

function isoFromUnix(seconds: unknown): string {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000).toISOString() : new Date().toISOString();
}

/** What a message that is not text says in the inbox (it keeps no media). */
function placeholder(message: Record<string, unknown>): string {
  const type = String(message.type ?? 'unknown');
  const part = (message[type] ?? {}) as Record<string, unknown>;
  switch (type) {
    case 'text':
      return String((part as { body?: unknown }).body ?? '');
    case 'button':
      return String((part as { text?: unknown }).text ?? '[Button]');
    case 'interactive': {
      const reply = (part.button_reply ?? part.list_reply ?? {}) as { title?: string };
      return reply.title ?? '[Interactive reply]';
    }
    case 'location': {
      const { latitude, longitude, name } = part as { latitude?: number; longitude?: number; name?: string };
      return `[Location${name ? `: ${name}` : ''}] https://maps.google.com/?q=${latitude},${longitude}`;
    }
    case 'image':
    case 'video':
    case 'document': {
      const caption = (part as { caption?: string }).caption;
      const label = type[0]!.toUpperCase() + type.slice(1);
      return `[${label}]${caption ? ` ${caption}` : ''}`;
    }
    case 'audio':
      return (part as { voice?: boolean }).voice ? '[Voice message]' : '[Audio]';
    case 'sticker':
      return '[Sticker]';
    case 'contacts':
      return '[Contact card]';
    case 'reaction':
      return `[Reaction ${(part as { emoji?: string }).emoji ?? ''}]`.replace(' ]', ']');
    default:
      return `[Unsupported message: ${type}]`;
  }
}

/** The inbound messages and status updates of a webhook body (anything else is ignored). */
export function parseWebhook(payload: unknown): { messages: InboundWhatsapp[]; statuses: WhatsappStatus[] } {
  const messages: InboundWhatsapp[] = [];
  const statuses: WhatsappStatus[] = [];
  const entries = (payload as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return { messages, statuses };
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown })?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const value = (change as { value?: Record<string, unknown> })?.value;
      if (!value || typeof value !== 'object') continue;
      const phoneNumberId = String((value.metadata as { phone_number_id?: unknown })?.phone_number_id ?? '');
      const contacts = Array.isArray(value.contacts) ? (value.contacts as Array<Record<string, unknown>>) : [];
      for (const m of Array.isArray(value.messages) ? (value.messages as Array<Record<string, unknown>>) : []) {
        if (typeof m?.from !== 'string' || typeof m.id !== 'string' || !phoneNumberId) continue;
        const contact = contacts.find((c) => c.wa_id === m.from) ?? contacts[0];
        const name = (contact?.profile as { name?: unknown } | undefined)?.name;
        messages.push({
          phoneNumberId,
          from: e164(m.from),
          id: m.id,
          body: placeholder(m).slice(0, 4096),
          sentAt: isoFromUnix(m.timestamp),
          profileName: typeof name === 'string' ? name : null,
        });
      }
      for (const s of Array.isArray(value.statuses) ? (value.statuses as Array<Record<string, unknown>>) : []) {
        if (typeof s?.id !== 'string' || !STATUSES.has(String(s.status))) continue;
        const first = Array.isArray(s.errors) ? (s.errors[0] as GraphError & { title?: string }) : undefined;
        statuses.push({
          id: s.id,
          status: s.status as WhatsappStatus['status'],
          at: isoFromUnix(s.timestamp),
          error: first ? whatsappReason({ ...first, message: first.title ?? first.message }) : null,
        });
      }
    }
  }
  return { messages, statuses };
}
