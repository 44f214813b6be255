// POST /functions/v1/guest-notify — tells guests what happened to their stay (issue 13): their
// request received, confirmed, declined or lapsed, the review link after check-out, and the stay's
// door code about a day before check-in (20261129300200; issue 15). Called by
// the database with the service role (pg_net, after commit): {"id": "<notice id>"} from the
// bookings or stay-code triggers, {} from the nuzl-guest-notices cron job for every notice due for a retry.
// verify_jwt is off ([functions.guest-notify] in supabase/config.toml) so a new-style secret key
// works too: the caller's key is checked here.
//
// One attempt at a notice (supabase/migrations/20261127100000_guest_notices.sql):
//   1. guest_notice_claim leases it and returns the booking, unit, site and guest;
//   2. the first attempt writes its messages (messages rows, one per channel: SMS to the guest's
//      phone, e-mail when they gave one) in the guest's language; a retry reuses those rows;
//   3. each message not yet sent goes to its provider — SMS through the Saudi gateway's API
//      (Taqnyat's contract), e-mail through Resend's — and its row gets the provider's id, or
//      'failed' with the provider's reason;
//   4. guest_notice_finish marks the notice sent, or keeps the error and schedules the retry.
// Locally the providers are the stack's sandboxes and the messages appear in the outbox.
//
// Environment: SITE_URL (the app's public address, for links), SMS_API_URL / SMS_API_KEY /
// SMS_SENDER, EMAIL_API_URL / EMAIL_API_KEY / EMAIL_FROM. A channel that is not configured fails
// its message with that reason (visible to staff on the booking) and is retried with the rest.
import { corsHeaders } from '../_shared/cors.ts';
import { emailSettings, sendEmail, type SendResult } from '../_shared/email.ts';
import { answer, UUID, isServiceCaller, serviceRest, type Env } from '../_shared/service.ts';
import { sendSms, smsSettings } from '../_shared/sms.ts';
import { composeNotice, renderEmailHtml, type Language, type NoticeContext } from './compose.ts';

export interface GuestNotifyDeps {
  env: Env;
  fetch: typeof fetch;
}

interface StoredMessage {
  id: string;
  channel: 'sms' | 'email' | 'whatsapp';
  to_address: string;
  subject: string | null;
  body: string;
  status: 'queued' | 'sent' | 'delivered' | 'read' | 'failed';
}

interface Claim extends NoticeContext {
  id: string;
  attempts: number;
  messages: StoredMessage[];
  booking: NoticeContext['booking'] & { organization_id: string };
  client: NoticeContext['client'] & { id: string };
}

export type NoticeOutcome = { id: string; status: 'not_due' | 'sent' | 'retrying' | 'failed'; error?: string };

const DONE = new Set(['sent', 'delivered', 'read']);

export function createGuestNotifyHandler(deps: GuestNotifyDeps) {
  const rest = serviceRest(deps.env, deps.fetch);

  async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
    const response = await rest(`rpc/${name}`, { method: 'POST', body: JSON.stringify(args) });
    if (!response.ok) throw new Error(`${name} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** Writes the notice's messages (first attempt); on a race, the rows the other call wrote. */
  async function writeMessages(claim: Claim): Promise<StoredMessage[]> {
    const composed = composeNotice(claim, deps.env('SITE_URL') ?? '');
    const base = {
      organization_id: claim.booking.organization_id,
      client_id: claim.client.id,
      booking_id: claim.booking.id,
      notice_id: claim.id,
      direction: 'outbound',
      status: 'queued',
    };
    const rows = [
      ...(claim.client.phone
        ? [
            {
              ...base,
              channel: 'sms',
              to_address: claim.client.phone,
              from_address: deps.env('SMS_SENDER') ?? null,
              subject: null,
              body: composed.sms,
            },
          ]
        : []),
      ...(claim.client.email
        ? [
            {
              ...base,
              channel: 'email',
              to_address: claim.client.email,
              from_address: deps.env('EMAIL_FROM') ?? null,
              subject: composed.email.subject,
              body: composed.email.text,
            },
          ]
        : []),
    ];
    if (rows.length === 0) return [];
    const select = 'select=id,channel,to_address,subject,body,status';
    const inserted = await rest(`messages?${select}`, {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify(rows),
    });
    if (inserted.ok) return (await inserted.json()) as StoredMessage[];
    if (inserted.status !== 409) throw new Error(`messages insert failed: ${inserted.status} ${await inserted.text()}`);
    const existing = await rest(`messages?notice_id=eq.${claim.id}&${select}`);
    if (!existing.ok) throw new Error(`messages read failed: ${existing.status}`);
    return (await existing.json()) as StoredMessage[];
  }

  async function send(message: StoredMessage, language: Language): Promise<SendResult> {
    if (message.channel === 'sms') {
      const settings = smsSettings(deps.env);
      if (!settings) return { ok: false, status: 503, error: 'SMS is not configured (SMS_API_KEY, SMS_SENDER)' };
      return await sendSms(settings, { to: message.to_address, body: message.body }, deps.fetch);
    }
    if (message.channel === 'email') {
      const settings = emailSettings(deps.env);
      if (!settings) return { ok: false, status: 503, error: 'E-mail is not configured (EMAIL_API_KEY, EMAIL_FROM)' };
      const subject = message.subject ?? '';
      return await sendEmail(
        settings,
        {
          from: settings.from,
          to: [message.to_address],
          subject,
          text: message.body,
          html: renderEmailHtml(subject, message.body, language),
          kind: 'guest_notice',
          idempotencyKey: `guest-message-${message.id}`,
        },
        deps.fetch,
      );
    }
    return { ok: false, status: 400, error: `No provider for the ${message.channel} channel` };
  }

  async function record(message: StoredMessage, result: SendResult): Promise<void> {
    const patch = result.ok
      ? { status: 'sent', provider_message_id: result.id, error: null, sent_at: new Date().toISOString() }
      : { status: 'failed', error: result.error.slice(0, 1000) };
    const updated = await rest(`messages?id=eq.${message.id}`, { method: 'PATCH', body: JSON.stringify(patch) });
    if (!updated.ok) throw new Error(`messages update failed: ${updated.status} ${await updated.text()}`);
  }

  async function deliver(id: string): Promise<NoticeOutcome> {
    const claim = await rpc<Claim | null>('guest_notice_claim', { notice_id: id });
    if (!claim) return { id, status: 'not_due' };
    let error: string | null = null;
    let giveUp = false;
    try {
      const messages = claim.messages.length > 0 ? claim.messages : await writeMessages(claim);
      if (messages.length === 0) {
        error = 'The guest has no phone number or e-mail address';
        giveUp = true;
      }
      const language: Language = claim.client.language === 'en' ? 'en' : 'ar';
      const failures: string[] = [];
      for (const message of messages) {
        if (DONE.has(message.status)) continue;
        const result = await send(message, language);
        await record(message, result);
        if (!result.ok) failures.push(`${message.channel}: ${result.error}`);
      }
      if (failures.length) error = failures.join('; ');
    } catch (caught) {
      console.error('guest-notify:', caught);
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const finished = await rpc<{ sent_at: string | null; failed_at: string | null }>('guest_notice_finish', {
      notice_id: id,
      error,
      give_up: giveUp,
    });
    const status = finished.sent_at ? 'sent' : finished.failed_at ? 'failed' : 'retrying';
    return error ? { id, status, error } : { id, status };
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
      return answer(400, { code: 'invalid_id', message: 'Send {"id": "<notice uuid>"}, or {} for every due notice' });
    }
    try {
      const ids = typeof id === 'string' ? [id] : await rpc<string[]>('guest_notices_due', { batch_size: 20 });
      const results: NoticeOutcome[] = [];
      for (const notice of ids) results.push(await deliver(notice));
      return answer(200, { results });
    } catch (error) {
      console.error('guest-notify:', error);
      return answer(503, { code: 'unavailable', message: 'The notices could not be read; the cron job retries them' });
    }
  };
}
