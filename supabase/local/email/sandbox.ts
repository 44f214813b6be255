/**
 * The e-mail provider sandbox of the local stack (DESIGN §3): Resend's published HTTP contract for
 * sending (`POST /emails`, https://resend.com/docs/api-reference/emails/send-email), served at
 * `/_sandbox/email`. Edge functions reach it through EMAIL_API_URL, as they would reach
 * https://api.resend.com on hosted; nothing leaves this machine. Every accepted e-mail goes to the
 * local outbox (one entry per recipient), where `/_local/outbox` shows it.
 *
 * What it checks, as the provider does: `Authorization: Bearer <key>` (401 missing_api_key, 403
 * invalid_api_key), a JSON body with `from`, `to` (1–50), `subject` and `text` or `html` (422
 * validation_error), `Idempotency-Key` (the same key answers the first e-mail's id and sends
 * nothing again). A `tags` entry named `kind` becomes the outbox entry's kind.
 */
import { randomUUID } from 'node:crypto';
import type { Outbox } from '../types';

export const EMAIL_SANDBOX_PREFIX = '/_sandbox/email';
/** The API key the local stack gives functions (EMAIL_API_KEY); any other is refused. */
export const LOCAL_EMAIL_API_KEY = 're_local_sandbox_key';

/** EMAIL_API_URL of the sandbox for a stack at `apiUrl`. */
export function localEmailApiUrl(apiUrl: string): string {
  return `${apiUrl}${EMAIL_SANDBOX_PREFIX}`;
}

interface SendBody {
  from?: unknown;
  to?: unknown;
  subject?: unknown;
  text?: unknown;
  html?: unknown;
  reply_to?: unknown;
  tags?: unknown;
}

const problem = (statusCode: number, name: string, message: string) =>
  Response.json({ statusCode, name, message }, { status: statusCode });

const list = (value: unknown): string[] | null =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value) && value.every((v) => typeof v === 'string')
      ? value
      : null;

const ADDRESS = /^(?:[^<>]*<)?[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+>?$/;

export function createEmailSandbox(outbox: Outbox, apiKey: string = LOCAL_EMAIL_API_KEY) {
  const sentByKey = new Map<string, string>();
  return {
    /** Requests under /_sandbox/email with the prefix stripped. */
    async handle(req: Request): Promise<Response> {
      const path = new URL(req.url).pathname.replace(/\/+$/, '');
      if (path !== '/emails') return problem(404, 'not_found', 'The requested endpoint does not exist.');
      if (req.method !== 'POST')
        return problem(405, 'method_not_allowed', 'Method is not allowed for the requested path.');
      const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
      if (!bearer) return problem(401, 'missing_api_key', 'Missing API key in the authorization header.');
      if (bearer !== apiKey) return problem(403, 'invalid_api_key', 'API key is invalid.');
      let body: SendBody;
      try {
        body = (await req.json()) as SendBody;
      } catch {
        return problem(422, 'validation_error', 'Invalid JSON body.');
      }
      const to = list(body.to);
      if (typeof body.from !== 'string' || !ADDRESS.test(body.from)) {
        return problem(422, 'validation_error', 'Invalid `from` field.');
      }
      if (!to || to.length === 0 || to.length > 50 || !to.every((address) => ADDRESS.test(address))) {
        return problem(422, 'validation_error', 'Invalid `to` field.');
      }
      if (typeof body.subject !== 'string' || body.subject.trim() === '') {
        return problem(422, 'validation_error', 'Missing `subject` field.');
      }
      if (typeof body.text !== 'string' && typeof body.html !== 'string') {
        return problem(422, 'validation_error', 'Missing `text` or `html` field.');
      }
      const idempotencyKey = req.headers.get('idempotency-key');
      const earlier = idempotencyKey ? sentByKey.get(idempotencyKey) : undefined;
      if (earlier) return Response.json({ id: earlier });

      const id = randomUUID();
      const tags = Array.isArray(body.tags) ? (body.tags as Array<{ name?: unknown; value?: unknown }>) : [];
      const kind = tags.find((tag) => tag?.name === 'kind' && typeof tag.value === 'string')?.value as
        string | undefined;
      const replyTo = list(body.reply_to);
      const text = typeof body.text === 'string' ? body.text : String(body.html);
      for (const recipient of to) {
        outbox.add({
          channel: 'email',
          to: recipient.replace(/^.*<|>$/g, ''),
          subject: body.subject,
          body: replyTo?.length ? `Reply-To: ${replyTo.join(', ')}\n\n${text}` : text,
          kind: kind ?? 'email',
        });
      }
      if (idempotencyKey) sentByKey.set(idempotencyKey, id);
      return Response.json({ id });
    },
  };
}
