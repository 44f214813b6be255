/**
 * The SMS gateway sandbox of the local stack (DESIGN §3): Taqnyat's published send contract
 * (`POST /v1/messages`, https://dev.taqnyat.sa/en/doc/sms/), served at `/_sandbox/sms`. Edge
 * functions reach it through SMS_API_URL, as they would reach https://api.taqnyat.sa on hosted;
 * nothing leaves this machine. Every accepted recipient gets an outbox entry (`/_local/outbox`).
 *
 * What it checks, as the gateway does: `Authorization: Bearer <token>` (401), a JSON body with
 * `recipients` (international numbers, digits only, no `+` or `00`; a number that is not one is
 * listed in `rejected`, and a message with no accepted number is refused), a non-empty `body`
 * and an approved `sender` (400). The answer is the gateway's 201: `messageId`, `cost`,
 * `currency`, `totalCount`, `msgLength` (the parts the text takes: 70 / 67 characters a part in
 * Unicode, as Arabic is, 160 / 153 in GSM-7), and `accepted` / `rejected` written as the gateway
 * writes them ("[9665…,]"). `GET /account/info` answers the account's balance (the "Test" button).
 *
 * Unifonic's REST contract beside it (issue 16; an organisation's own account): `POST
 * /rest/SMS/messages`, form-encoded AppSid, SenderID, Recipient (digits), Body, responseType=JSON,
 * CorrelationID — a CorrelationID seen before answers the first send's MessageID and sends nothing
 * (the function's retry after a crash); `POST /rest/Account/GetBalance`. Refusals are Unifonic's
 * {success: false, message, errorCode: 'ER-xx'}.
 *
 * Delivery reports: `POST /_sandbox/sms/play/delivery {id?, status?: Delivered | Undelivered | …}`
 * posts the gateway's report for a sent message (the latest when no id) to the stack's messaging
 * function (/functions/v1/messaging/webhooks/sms/<gateway>?token=…).
 */
import type { Outbox, OutboxMessage } from '../types';

export const SMS_SANDBOX_PREFIX = '/_sandbox/sms';
/** The bearer token the local stack gives functions (SMS_API_KEY); any other is refused. */
export const LOCAL_SMS_API_KEY = 'taqnyat_local_sandbox_token';
/** The sender name the sandbox has "approved" (SMS_SENDER). */
export const LOCAL_SMS_SENDER = 'Nuzl';
/** The AppSid of the sandbox's Unifonic account (an organisation's SMS secret in tests and the demo). */
export const LOCAL_UNIFONIC_APP_SID = 'unifonic_local_sandbox_appsid';
/** The shared secret of the delivery-report webhook (SMS_WEBHOOK_TOKEN of the stack's functions). */
export const LOCAL_SMS_WEBHOOK_TOKEN = 'sms_local_webhook_token';

export interface SandboxSms {
  gateway: 'taqnyat' | 'unifonic';
  id: string;
  to: string;
  body: string;
  sender: string;
  correlationId: string | null;
  status: string;
  at: string;
}

/** SMS_API_URL of the sandbox for a stack at `apiUrl`. */
export function localSmsApiUrl(apiUrl: string): string {
  return `${apiUrl}${SMS_SANDBOX_PREFIX}`;
}

/** Digits of an international number as the gateway takes it: country code first, 8–15 digits. */
const RECIPIENT = /^[1-9][0-9]{7,14}$/;
/** The GSM 03.38 basic set (and its extension): anything else makes the message Unicode. */
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;

/** How many SMS parts a text takes. */
export function smsParts(text: string): number {
  const gsm = GSM7.test(text);
  const length = gsm ? text.length + (text.match(/[\^{}\\[~\]|€]/g)?.length ?? 0) : [...text].length;
  const [single, part] = gsm ? [160, 153] : [70, 67];
  return length <= single ? 1 : Math.ceil(length / part);
}

const refuse = (statusCode: number, message: string) => Response.json({ statusCode, message }, { status: statusCode });

const unifonicRefuse = (status: number, errorCode: string, message: string) =>
  Response.json({ success: false, message, errorCode, data: null }, { status });

export function createSmsSandbox(
  outbox: Outbox,
  options: {
    token?: string;
    senders?: string[];
    appSids?: string[];
    /** The delivery-report webhook of each gateway (the stack's messaging function). */
    webhookUrl?: (gateway: 'taqnyat' | 'unifonic') => string;
  } = {},
) {
  const token = options.token ?? LOCAL_SMS_API_KEY;
  const senders = options.senders ?? [LOCAL_SMS_SENDER];
  const appSids = options.appSids ?? [LOCAL_UNIFONIC_APP_SID];
  let nextId = 5_452_899_970;
  let nextUnifonicId = 41_000_000_035_423;
  const sent: SandboxSms[] = [];
  const entries = new Map<string, OutboxMessage[]>();

  function remember(sms: Omit<SandboxSms, 'status' | 'at'>) {
    sent.unshift({ ...sms, status: 'Sent', at: new Date().toISOString() });
    if (sent.length > 1000) sent.length = 1000;
    const entry = outbox.add({
      channel: 'sms',
      to: `+${sms.to}`,
      body: sms.body,
      kind: 'sms_gateway',
      providerId: sms.id,
      status: 'sent',
    });
    entries.set(sms.id, [...(entries.get(sms.id) ?? []), entry]);
  }

  async function unifonic(req: Request, path: string): Promise<Response> {
    const form = new URLSearchParams(await req.text());
    const appSid = form.get('AppSid') ?? '';
    if (!appSids.includes(appSid)) return unifonicRefuse(401, 'ER-01', 'Invalid AppSid');
    if (path === '/rest/Account/GetBalance') {
      return Response.json({
        success: true,
        message: '',
        errorCode: 'ER-00',
        data: { Balance: '250.00', CurrencyCode: 'SAR' },
      });
    }
    const sender = form.get('SenderID') ?? '';
    const recipient = (form.get('Recipient') ?? '').trim();
    const body = form.get('Body') ?? '';
    const correlationId = form.get('CorrelationID');
    if (!senders.includes(sender)) return unifonicRefuse(400, 'ER-06', 'Sender ID is not approved');
    if (!RECIPIENT.test(recipient)) return unifonicRefuse(400, 'ER-05', 'Invalid recipient number');
    if (!body.trim()) return unifonicRefuse(400, 'ER-04', 'Body is required');
    const earlier = correlationId
      ? sent.find((m) => m.gateway === 'unifonic' && m.correlationId === correlationId)
      : undefined;
    const id = earlier?.id ?? String(nextUnifonicId++);
    if (!earlier) remember({ gateway: 'unifonic', id, to: recipient, body, sender, correlationId });
    const parts = smsParts(body);
    return Response.json({
      success: true,
      message: '',
      errorCode: 'ER-00',
      data: {
        MessageID: Number(id),
        CorrelationID: correlationId ?? '',
        Status: 'Sent',
        NumberOfUnits: parts,
        Cost: 0.05 * parts,
        Balance: '250.00',
        Recipient: Number(recipient),
        TimeCreated: new Date().toISOString().replace('T', ' ').slice(0, 19),
        CurrencyCode: 'SAR',
      },
    });
  }

  async function playDelivery(req: Request): Promise<Response> {
    const body = (await req.json().catch(() => ({}))) as { id?: unknown; status?: unknown };
    const sms =
      typeof body.id === 'string' || typeof body.id === 'number' ? sent.find((m) => m.id === String(body.id)) : sent[0];
    if (!sms) return Response.json({ message: 'No such sent SMS' }, { status: 404 });
    const status = typeof body.status === 'string' ? body.status : 'Delivered';
    sms.status = status;
    for (const entry of entries.get(sms.id) ?? []) entry.status = status.toLowerCase();
    const report =
      sms.gateway === 'unifonic'
        ? {
            messageId: sms.id,
            status,
            recipient: sms.to,
            correlationId: sms.correlationId ?? '',
            timestamp: new Date().toISOString(),
          }
        : { msgId: sms.id, status: status.toLowerCase(), recipient: sms.to };
    const url = options.webhookUrl?.(sms.gateway);
    if (!url) return Response.json({ id: sms.id, status, webhook: { status: 0, body: 'No webhook URL' } });
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(report),
        signal: AbortSignal.timeout(15_000),
      });
      return Response.json({ id: sms.id, status, webhook: { status: res.status, body: await res.text() } });
    } catch (err) {
      return Response.json({ id: sms.id, status, webhook: { status: 0, body: (err as Error).message } });
    }
  }

  return {
    /** Every SMS accepted (both gateways), newest first. */
    sent,
    reset() {
      sent.length = 0;
      entries.clear();
    },
    /** Requests under /_sandbox/sms with the prefix stripped. */
    async handle(req: Request): Promise<Response> {
      const path = new URL(req.url).pathname.replace(/\/+$/, '');
      if (path === '/rest/SMS/messages' || path === '/rest/Account/GetBalance') {
        return req.method === 'POST' ? unifonic(req, path) : unifonicRefuse(405, 'ER-99', 'Method Not Allowed');
      }
      if (path === '/play/delivery' && req.method === 'POST') return playDelivery(req);
      if (path === '/messages' && req.method === 'GET') return Response.json(sent);
      if (path === '/account/info' && req.method === 'GET') {
        const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
        if (bearer !== token) return refuse(401, 'Unauthorized: the bearer token is missing or wrong');
        return Response.json({ statusCode: 200, accountStatus: 'active', balance: '250.00', currency: 'SAR' });
      }
      if (path !== '/v1/messages') return refuse(404, 'Not Found');
      if (req.method !== 'POST') return refuse(405, 'Method Not Allowed');
      const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
      if (bearer !== token) return refuse(401, 'Unauthorized: the bearer token is missing or wrong');
      let body: { recipients?: unknown; body?: unknown; sender?: unknown };
      try {
        body = (await req.json()) as typeof body;
      } catch {
        return refuse(400, 'Invalid JSON body');
      }
      const recipients = Array.isArray(body.recipients)
        ? body.recipients.map(String)
        : typeof body.recipients === 'string'
          ? body.recipients.split(',')
          : null;
      if (!recipients || recipients.length === 0) return refuse(400, 'recipients is required');
      if (typeof body.body !== 'string' || body.body.trim() === '') return refuse(400, 'body is required');
      if (typeof body.sender !== 'string' || !senders.includes(body.sender)) {
        return refuse(400, 'The sender name is not approved for this account');
      }
      const accepted = recipients.map((r) => r.trim()).filter((r) => RECIPIENT.test(r));
      const rejected = recipients.map((r) => r.trim()).filter((r) => !RECIPIENT.test(r));
      if (accepted.length === 0) return refuse(400, 'No valid recipient numbers');
      const parts = smsParts(body.body);
      const messageId = nextId++;
      for (const recipient of accepted) {
        remember({
          gateway: 'taqnyat',
          id: String(messageId),
          to: recipient,
          body: body.body,
          sender: body.sender,
          correlationId: null,
        });
      }
      return Response.json(
        {
          statusCode: 201,
          messageId,
          cost: (0.05 * parts * accepted.length).toFixed(4),
          currency: 'SAR',
          totalCount: accepted.length,
          msgLength: parts,
          accepted: `[${accepted.map((r) => `${r},`).join('')}]`,
          rejected: `[${rejected.map((r) => `${r},`).join('')}]`,
        },
        { status: 201 },
      );
    },
  };
}
