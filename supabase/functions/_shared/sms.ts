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

// ---------------------------------------------------------------------------------------------
// Unifonic (issue 16): an organisation may send through its own Unifonic account instead of the
// platform's Taqnyat one. Its REST contract: POST {UNIFONIC_API_URL}/rest/SMS/messages,
// form-encoded AppSid (the account's application id), SenderID, Recipient (digits, no '+'),
// Body, responseType=JSON and CorrelationID (ours: the message id, so a request repeated after a
// crash is recognised by the gateway); the answer {success, message, errorCode, data: {MessageID,
// CorrelationID, Status, NumberOfUnits, Cost, …}} (https://docs.unifonic.com/reference).
// Hosted, UNIFONIC_API_URL defaults to https://el.cloud.unifonic.com; locally the SMS sandbox.

export function unifonicApiUrl(env: Env): string {
  return (env('UNIFONIC_API_URL') ?? 'https://el.cloud.unifonic.com').replace(/\/+$/, '');
}

export async function sendUnifonic(
  settings: { appSid: string; sender: string; url: string },
  message: { to: string; body: string; correlationId?: string },
  fetcher: typeof fetch = fetch,
): Promise<SendResult> {
  const recipient = smsRecipient(message.to);
  if (!recipient) return { ok: false, status: 400, error: `Not an international phone number: ${message.to}` };
  const form = new URLSearchParams({
    AppSid: settings.appSid,
    SenderID: settings.sender,
    Recipient: recipient,
    Body: message.body,
    responseType: 'JSON',
    ...(message.correlationId ? { CorrelationID: message.correlationId } : {}),
  });
  let sent: Response;
  try {
    sent = await fetcher(`${settings.url}/rest/SMS/messages`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  } catch (error) {
    return { ok: false, status: 0, error: `The SMS gateway could not be reached: ${String(error)}` };
  }
  const text = await sent.text();
  let answer: { success?: boolean | string; message?: string; errorCode?: string; data?: { MessageID?: unknown } } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    // not JSON
  }
  const success = answer.success === true || answer.success === 'true';
  if (!sent.ok || !success) {
    const reason = answer.message || text || `HTTP ${sent.status}`;
    return {
      ok: false,
      status: sent.ok ? 400 : sent.status,
      error: `Unifonic ${answer.errorCode ?? sent.status}: ${reason}`.slice(0, 500),
    };
  }
  const id = answer.data?.MessageID;
  return { ok: true, id: id !== undefined && id !== null ? String(id) : null };
}

/** Unifonic's balance (the SMS "Test" in Settings → Integrations): POST /rest/Account/GetBalance. */
export async function unifonicBalance(
  settings: { appSid: string; url: string },
  fetcher: typeof fetch = fetch,
): Promise<{ ok: true; balance: string | null } | { ok: false; error: string }> {
  try {
    const res = await fetcher(`${settings.url}/rest/Account/GetBalance`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ AppSid: settings.appSid, responseType: 'JSON' }).toString(),
    });
    const body = (await res.json().catch(() => ({}))) as {
      success?: boolean | string;
      message?: string;
      errorCode?: string;
      data?: { Balance?: unknown };
    };
    if (!res.ok || !(body.success === true || body.success === 'true')) {
      return { ok: false, error: `Unifonic ${body.errorCode ?? res.status}: ${body.message ?? 'refused'}` };
    }
    return { ok: true, balance: body.data?.Balance !== undefined ? String(body.data.Balance) : null };
  } catch (error) {
    return { ok: false, error: `The SMS gateway could not be reached: ${String(error)}` };
  }
}

/** Taqnyat's account check (GET /account/info with the bearer token). */
export async function taqnyatAccount(
  settings: { token: string; url: string },
  fetcher: typeof fetch = fetch,
): Promise<{ ok: true; balance: string | null } | { ok: false; error: string }> {
  try {
    const res = await fetcher(`${settings.url}/account/info`, {
      headers: { Authorization: `Bearer ${settings.token}` },
    });
    const body = (await res.json().catch(() => ({}))) as { balance?: unknown; message?: string };
    if (!res.ok) return { ok: false, error: `SMS gateway ${res.status}: ${body.message ?? 'refused'}` };
    return { ok: true, balance: body.balance !== undefined ? String(body.balance) : null };
  } catch (error) {
    return { ok: false, error: `The SMS gateway could not be reached: ${String(error)}` };
  }
}

export interface DeliveryReport {
  id: string;
  status: 'sent' | 'delivered' | 'failed';
  error: string | null;
}

/**
 * A gateway's delivery report (DLR): Unifonic posts {messageId, status: Sent | Delivered |
 * Undelivered | Failed | Rejected, recipient, correlationId, errorDescription?}; Taqnyat
 * {msgId | messageId, status: delivered | undelivered | failed, …}. Form-encoded or JSON.
 * Null when it names no message or no status we keep.
 */
export function parseDeliveryReport(fields: Record<string, unknown>): DeliveryReport | null {
  const pick = (...names: string[]) => {
    for (const name of names) {
      const key = Object.keys(fields).find((k) => k.toLowerCase() === name.toLowerCase());
      const value = key !== undefined ? fields[key] : undefined;
      if (value !== undefined && value !== null && String(value) !== '') return String(value);
    }
    return null;
  };
  const id = pick('messageId', 'MessageID', 'msgId', 'id');
  const raw = (pick('status', 'Status', 'dlrStatus') ?? '').toLowerCase();
  if (!id || !raw) return null;
  const status =
    raw === 'delivered' || raw === 'delivrd'
      ? 'delivered'
      : raw === 'sent' || raw === 'queued'
        ? 'sent'
        : ['undelivered', 'failed', 'rejected', 'expired', 'undeliv'].includes(raw)
          ? 'failed'
          : null;
  if (!status) return null;
  const reason = pick('errorDescription', 'error', 'reason');
  return { id, status, error: status === 'failed' ? `SMS ${raw}${reason ? `: ${reason}` : ''}`.slice(0, 1000) : null };
}
