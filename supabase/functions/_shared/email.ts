// Sending one e-mail through the provider's HTTP API: Resend's contract (POST {EMAIL_API_URL}/emails
// with a Bearer key, https://resend.com/docs/api-reference/emails/send-email). Hosted, EMAIL_API_URL
// defaults to https://api.resend.com; locally it is the stack's e-mail sandbox, whose e-mails appear
// in the local outbox. The Idempotency-Key makes a retry of the same e-mail send nothing twice.
import type { Env } from './service.ts';

export interface Email {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Becomes a `kind` tag (the outbox shows it). */
  kind: string;
  idempotencyKey: string;
}

export type SendResult = { ok: true; id: string | null } | { ok: false; status: number; error: string };

/** EMAIL_API_KEY and EMAIL_FROM, or null when e-mail is not configured. */
export function emailSettings(env: Env): { apiKey: string; from: string; url: string } | null {
  const apiKey = env('EMAIL_API_KEY');
  const from = env('EMAIL_FROM');
  if (!apiKey || !from) return null;
  return { apiKey, from, url: (env('EMAIL_API_URL') ?? 'https://api.resend.com').replace(/\/+$/, '') };
}

export async function sendEmail(
  settings: { apiKey: string; url: string },
  email: Email,
  fetcher: typeof fetch = fetch,
): Promise<SendResult> {
  let sent: Response;
  try {
    sent = await fetcher(`${settings.url}/emails`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${settings.apiKey}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': email.idempotencyKey,
      },
      body: JSON.stringify({
        from: email.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        ...(email.replyTo ? { reply_to: email.replyTo } : {}),
        tags: [{ name: 'kind', value: email.kind }],
      }),
    });
  } catch (error) {
    return { ok: false, status: 0, error: `The e-mail provider could not be reached: ${String(error)}` };
  }
  const text = await sent.text();
  if (!sent.ok) {
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not JSON
    }
    return { ok: false, status: sent.status, error: `E-mail provider ${sent.status}: ${message}`.slice(0, 500) };
  }
  try {
    return { ok: true, id: (JSON.parse(text) as { id?: string }).id ?? null };
  } catch {
    return { ok: true, id: null };
  }
}
