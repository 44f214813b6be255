// Sending one SMS through a Saudi gateway: Taqnyat's published contract (POST
// {SMS_API_URL}/v1/messages with a Bearer token and {recipients, body, sender};
// https://dev.taqnyat.sa/en/doc/sms/). Hosted, SMS_API_URL defaults to https://api.taqnyat.sa and
// SMS_SENDER is the sender name the gateway approved for the account; locally it is the stack's
// SMS sandbox, whose messages appear in the local outbox. The gateway takes international numbers
// as digits only (9665…), so an E.164 number loses its '+'.
import type { SendResult } from './email.ts';
import type { Env } from './service.ts';

/** SMS_API_KEY and SMS_SENDER, or null when SMS is not configured. */
export function smsSettings(env: Env): { token: string; sender: string; url: string } | null {
  const token = env('SMS_API_KEY');
  const sender = env('SMS_SENDER');
  if (!token || !sender) return null;
  return { token, sender, url: (env('SMS_API_URL') ?? 'https://api.taqnyat.sa').replace(/\/+$/, '') };
}

/** An E.164 number (+9665…) as the gateway's recipient (9665…); null when it is not one. */
export function smsRecipient(phone: string): string | null {
  const digits = phone.trim().replace(/^\+/, '').replace(/^00/, '');
  return /^[1-9][0-9]{7,14}$/.test(digits) ? digits : null;
}

export async function sendSms(
  settings: { token: string; sender: string; url: string },
  message: { to: string; body: string },
  fetcher: typeof fetch = fetch,
): Promise<SendResult> {
  const recipient = smsRecipient(message.to);
  if (!recipient) return { ok: false, status: 400, error: `Not an international phone number: ${message.to}` };
  let sent: Response;
  try {
    sent = await fetcher(`${settings.url}/v1/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${settings.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ recipients: [recipient], body: message.body, sender: settings.sender }),
    });
  } catch (error) {
    return { ok: false, status: 0, error: `The SMS gateway could not be reached: ${String(error)}` };
  }
  const text = await sent.text();
  let answer: { messageId?: number | string; message?: string; accepted?: string } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    // not JSON
  }
  if (!sent.ok) {
    return {
      ok: false,
      status: sent.status,
      error: `SMS gateway ${sent.status}: ${answer.message ?? text}`.slice(0, 500),
    };
  }
  if (typeof answer.accepted === 'string' && !answer.accepted.includes(recipient)) {
    return { ok: false, status: 400, error: `The SMS gateway rejected the number ${message.to}` };
  }
  return { ok: true, id: answer.messageId !== undefined ? String(answer.messageId) : null };
}
