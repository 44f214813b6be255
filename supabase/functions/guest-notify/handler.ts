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
// Issue 16 (messaging): the claim carries the organisation's active template for the kind, rendered
// by the database for the guest (`template`: subject, body, whatsapp_template), which replaces the
// built-in text; and whether the organisation's WhatsApp is connected and the guest's 24-hour
// window open (`whatsapp`). The phone message goes by WhatsApp when it is connected and either the
// window is open (free text) or the template has an approved WhatsApp template (its name and
// parameters); otherwise by SMS — and by SMS too when WhatsApp refuses it for good.
//
// Environment: SITE_URL (the app's public address, for links), SMS_API_URL / SMS_API_KEY /
// SMS_SENDER, EMAIL_API_URL / EMAIL_API_KEY / EMAIL_FROM, WHATSAPP_API_URL. A channel that is not
// configured fails its message with that reason (visible to staff on the booking) and is retried
// with the rest.
import { corsHeaders } from '../_shared/cors.ts';
import { emailSettings, sendEmail, type SendResult } from '../_shared/email.ts';
import { answer, UUID, isServiceCaller, serviceRest, type Env } from '../_shared/service.ts';
import { sendSms, sendUnifonic, smsSettings, unifonicApiUrl } from '../_shared/sms.ts';
import { sendWhatsapp, whatsappApiUrl, type WhatsappTemplate } from '../_shared/whatsapp.ts';
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
  whatsapp_template?: WhatsappTemplate | null;
}

/** The organisation's template for the kind, rendered for the guest by the database (issue 16). */
interface RenderedTemplate {
  subject: string | null;
  body: string;
  whatsapp_template: WhatsappTemplate | null;
}

interface Claim extends NoticeContext {
  id: string;
  attempts: number;
  messages: StoredMessage[];
  booking: NoticeContext['booking'] & { organization_id: string };
  client: NoticeContext['client'] & { id: string };
  organization_id?: string;
  organization: NoticeContext['organization'] & { id?: string };
  template?: RenderedTemplate | null;
  /** Issue 16: {connected, window_open}, or a boolean beside a top-level window_open. */
  whatsapp?: { connected?: boolean; window_open?: boolean } | boolean | null;
  window_open?: boolean;
}

/** Links the database wrote as paths (no site_url in its Vault) completed with SITE_URL. */
export function completeLinks(text: string, siteUrl: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  if (!origin) return text;
  return text.replace(
    /(^|[\s(:])(\/(?:review|org|invoices?)\/[^\s)]+)/g,
    (_, before: string, path: string) => `${before}${origin}${path}`,
  );
}

/** How the phone message goes: WhatsApp (free text or the approved template) or SMS. */
export function phoneChannel(claim: Claim): { channel: 'whatsapp' | 'sms'; template: WhatsappTemplate | null } {
  const wa = claim.whatsapp;
  const connected = typeof wa === 'object' && wa !== null ? wa.connected === true : wa === true;
  const open = typeof wa === 'object' && wa !== null ? wa.window_open === true : claim.window_open === true;
  if (!connected) return { channel: 'sms', template: null };
  if (open) return { channel: 'whatsapp', template: null };
  const approved = claim.template?.whatsapp_template;
  return approved?.name ? { channel: 'whatsapp', template: approved } : { channel: 'sms', template: null };
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
    const siteUrl = deps.env('SITE_URL') ?? '';
    const composed = composeNotice(claim, siteUrl);
    // The organisation's own text (issue 16) replaces the built-in one.
    const custom = claim.template?.body?.trim() ? completeLinks(claim.template.body, siteUrl) : null;
    const phoneText = custom ?? composed.sms;
    const phone = phoneChannel(claim);
    const rows = [
      ...(claim.client.phone
        ? [
            phone.channel === 'whatsapp'
              ? {
                  ...base(claim),
                  channel: 'whatsapp',
                  to_address: claim.client.phone,
                  from_address: null,
                  subject: null,
                  body: phoneText,
                  whatsapp_template: phone.template,
                }
              : {
                  ...base(claim),
                  channel: 'sms',
                  to_address: claim.client.phone,
                  from_address: deps.env('SMS_SENDER') ?? null,
                  subject: null,
                  body: phoneText,
                },
          ]
        : []),
      ...(claim.client.email
        ? [
            {
              ...base(claim),
              channel: 'email',
              to_address: claim.client.email,
              from_address: deps.env('EMAIL_FROM') ?? null,
              subject: (custom && claim.template?.subject?.trim()) || composed.email.subject,
              body: custom ?? composed.email.text,
            },
          ]
        : []),
    ];
    return await insertMessages(claim, rows);
  }

  /** The columns every message of a notice shares. */
  function base(claim: Claim) {
    return {
      organization_id: claim.booking?.organization_id ?? claim.organization_id ?? claim.organization?.id,
      client_id: claim.client.id,
      booking_id: claim.booking?.id ?? null,
      notice_id: claim.id,
      direction: 'outbound',
      status: 'queued',
      // PostgREST's bulk insert wants the same keys in every row.
      whatsapp_template: null as WhatsappTemplate | null,
    };
  }

  async function insertMessages(claim: Claim, rows: Array<Record<string, unknown>>): Promise<StoredMessage[]> {
    if (rows.length === 0) return [];
    const select = 'select=id,channel,to_address,subject,body,status,whatsapp_template';
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

  /**
   * The organisation's own provider accounts (issue 16; service role only): its WhatsApp number and
   * token, and its SMS gateway (Unifonic with its AppSid, or Taqnyat with its own token or the
   * platform's) and approved sender.
   */
  async function accounts(claim: Claim) {
    const org = base(claim).organization_id;
    const [settingsRes, secretsRes] = await Promise.all([
      rest(`messaging_settings?organization_id=eq.${org}&select=whatsapp_phone_number_id,sms_provider,sms_sender`),
      rest(`messaging_secrets?organization_id=eq.${org}&select=provider,access_token`),
    ]);
    if (!settingsRes.ok || !secretsRes.ok) {
      throw new Error(`messaging settings read failed: ${settingsRes.status}/${secretsRes.status}`);
    }
    const settings = (
      (await settingsRes.json()) as Array<{
        whatsapp_phone_number_id: string | null;
        sms_provider: string | null;
        sms_sender: string | null;
      }>
    )[0];
    const secrets = (await secretsRes.json()) as Array<{ provider: string; access_token: string | null }>;
    const secret = (provider: string) => secrets.find((s) => s.provider === provider)?.access_token ?? null;
    const waToken = secret('whatsapp');
    return {
      whatsapp:
        settings?.whatsapp_phone_number_id && waToken
          ? { phoneNumberId: settings.whatsapp_phone_number_id, token: waToken }
          : null,
      sms: {
        provider: settings?.sms_provider ?? 'taqnyat',
        sender: settings?.sms_sender ?? null,
        token: secret('sms'),
      },
    };
  }

  async function send(
    message: StoredMessage,
    language: Language,
    claim: Claim,
  ): Promise<SendResult & { final?: boolean }> {
    if (message.channel === 'whatsapp') {
      const account = (await accounts(claim)).whatsapp;
      if (!account) return { ok: false, status: 409, error: 'WhatsApp is not connected', final: true };
      const result = await sendWhatsapp(
        { url: whatsappApiUrl(deps.env), ...account },
        message.whatsapp_template
          ? {
              to: message.to_address,
              template: { ...message.whatsapp_template, params: message.whatsapp_template.params ?? [] },
            }
          : { to: message.to_address, text: message.body },
        deps.fetch,
      );
      return result;
    }
    if (message.channel === 'sms') {
      const own = (await accounts(claim)).sms;
      const sender = own.sender ?? deps.env('SMS_SENDER');
      if (own.provider === 'unifonic') {
        if (!own.token || !sender) {
          return {
            ok: false,
            status: 409,
            error: 'Unifonic is not configured: the AppSid or the sender name is missing',
          };
        }
        return await sendUnifonic(
          { appSid: own.token, sender, url: unifonicApiUrl(deps.env) },
          { to: message.to_address, body: message.body, correlationId: message.id },
          deps.fetch,
        );
      }
      const platform = smsSettings(deps.env);
      const token = own.token ?? platform?.token;
      if (!token || !sender)
        return { ok: false, status: 503, error: 'SMS is not configured (SMS_API_KEY, SMS_SENDER)' };
      return await sendSms(
        {
          token,
          sender,
          url: platform?.url ?? (deps.env('SMS_API_URL') ?? 'https://api.taqnyat.sa').replace(/\/+$/, ''),
        },
        { to: message.to_address, body: message.body },
        deps.fetch,
      );
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
      // An invoice notice without a stay: the organisation is the notice's own.
      if (!claim.booking?.organization_id && !claim.organization_id && !claim.organization?.id) {
        const notice = await rest(`guest_notices?id=eq.${id}&select=organization_id`);
        if (!notice.ok) throw new Error(`guest_notices read failed: ${notice.status}`);
        claim.organization_id = ((await notice.json()) as Array<{ organization_id: string }>)[0]?.organization_id;
      }
      const messages = claim.messages.length > 0 ? claim.messages : await writeMessages(claim);
      if (messages.length === 0) {
        error = 'The guest has no phone number or e-mail address';
        giveUp = true;
      }
      const language: Language = claim.client.language === 'en' ? 'en' : 'ar';
      const failures: string[] = [];
      for (const message of messages) {
        if (DONE.has(message.status)) continue;
        const result = await send(message, language, claim);
        // WhatsApp refused it for good (window closed, not on WhatsApp…): the same text goes by SMS,
        // as the same message (the notice's phone message), so the notice completes when it is sent.
        if (
          !result.ok &&
          message.channel === 'whatsapp' &&
          result.final &&
          !messages.some((m) => m.channel === 'sms')
        ) {
          console.warn(`guest-notify: WhatsApp refused notice ${id} (${result.error}); sending it by SMS`);
          const sms: StoredMessage = { ...message, channel: 'sms', whatsapp_template: null };
          const moved = await rest(`messages?id=eq.${message.id}`, {
            method: 'PATCH',
            body: JSON.stringify({
              channel: 'sms',
              whatsapp_template: null,
              from_address: deps.env('SMS_SENDER') ?? null,
            }),
          });
          if (!moved.ok) throw new Error(`messages update failed: ${moved.status} ${await moved.text()}`);
          const fallback = await send(sms, language, claim);
          await record(sms, fallback);
          if (!fallback.ok) failures.push(`sms: ${fallback.error}`);
          continue;
        }
        await record(message, result);
        if (result.ok) continue;
        failures.push(`${message.channel}: ${result.error}`);
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
