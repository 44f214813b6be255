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
 * writes them ("[9665…,]").
 */
import type { Outbox } from '../types';

export const SMS_SANDBOX_PREFIX = '/_sandbox/sms';
/** The bearer token the local stack gives functions (SMS_API_KEY); any other is refused. */
export const LOCAL_SMS_API_KEY = 'taqnyat_local_sandbox_token';
/** The sender name the sandbox has "approved" (SMS_SENDER). */
export const LOCAL_SMS_SENDER = 'Nuzl';

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

export function createSmsSandbox(outbox: Outbox, options: { token?: string; senders?: string[] } = {}) {
  const token = options.token ?? LOCAL_SMS_API_KEY;
  const senders = options.senders ?? [LOCAL_SMS_SENDER];
  let nextId = 5_452_899_970;
  return {
    /** Requests under /_sandbox/sms with the prefix stripped. */
    async handle(req: Request): Promise<Response> {
      const path = new URL(req.url).pathname.replace(/\/+$/, '');
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
      for (const recipient of accepted) {
        outbox.add({ channel: 'sms', to: `+${recipient}`, body: body.body, kind: 'sms_gateway' });
      }
      return Response.json(
        {
          statusCode: 201,
          messageId: nextId++,
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
