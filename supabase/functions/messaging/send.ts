// One attempt at one outbound message (issue 16): claim → provider → finish. The provider is
// chosen by the message's channel and the organisation's settings (message_claim returns them):
// WhatsApp through the organisation's Cloud API number, SMS through Taqnyat (the platform's account,
// or the organisation's token) or the organisation's Unifonic account, e-mail through Resend.
import { emailSettings, sendEmail, type SendResult } from '../_shared/email.ts';
import type { Env } from '../_shared/service.ts';
import { sendSms, sendUnifonic, unifonicApiUrl } from '../_shared/sms.ts';
import { sendWhatsapp, whatsappApiUrl, type WhatsappTemplate } from '../_shared/whatsapp.ts';
import { renderEmailHtml } from '../guest-notify/compose.ts';

export interface ClaimedMessage {
  id: string;
  channel: 'whatsapp' | 'sms' | 'email';
  to_address: string;
  subject: string | null;
  body: string;
  provider_message_id: string | null;
  whatsapp_template: WhatsappTemplate | null;
  attempts?: number;
}

export interface MessageClaim {
  message?: ClaimedMessage;
  organization?: { name: string | null } | null;
  client: {
    name: string | null;
    phone: string | null;
    email: string | null;
    language: string | null;
    opted_out: boolean;
  } | null;
  settings: {
    sms_provider?: 'taqnyat' | 'unifonic' | null;
    sms_sender?: string | null;
    whatsapp_phone_number_id?: string | null;
  } | null;
  secrets: { whatsapp_token?: string | null; sms_token?: string | null } | null;
}

export type Outcome = {
  id: string;
  status: 'not_due' | 'already_sent' | 'sent' | 'retrying' | 'failed';
  provider_message_id?: string | null;
  error?: string;
};

type Attempt = { ok: true; id: string | null } | { ok: false; error: string; final: boolean };

export interface SenderDeps {
  env: Env;
  fetch: typeof fetch;
  rpc<T>(name: string, args: Record<string, unknown>): Promise<T>;
}

const fromSend = (result: SendResult): Attempt =>
  result.ok
    ? result
    : // A 4xx other than 408/429 is the same refusal next time; give up at once.
      {
        ok: false,
        error: result.error,
        final: result.status >= 400 && result.status < 500 && result.status !== 408 && result.status !== 429,
      };

export function createSender(deps: SenderDeps) {
  const { env } = deps;

  async function attempt(message: ClaimedMessage, claim: MessageClaim): Promise<Attempt> {
    const settings = claim.settings ?? {};
    const secrets = claim.secrets ?? {};
    if (message.channel === 'whatsapp') {
      const phoneNumberId = settings.whatsapp_phone_number_id;
      const token = secrets.whatsapp_token;
      if (!phoneNumberId || !token) {
        return { ok: false, error: 'WhatsApp is not connected (Settings → Integrations)', final: true };
      }
      const target = { url: whatsappApiUrl(env), token, phoneNumberId };
      const result = await sendWhatsapp(
        target,
        message.whatsapp_template
          ? {
              to: message.to_address,
              template: { ...message.whatsapp_template, params: message.whatsapp_template.params ?? [] },
            }
          : { to: message.to_address, text: message.body },
        deps.fetch,
      );
      return result.ok ? result : { ok: false, error: result.error, final: result.final };
    }
    if (message.channel === 'sms') {
      const sender = settings.sms_sender || env('SMS_SENDER');
      if (settings.sms_provider === 'unifonic') {
        const appSid = secrets.sms_token;
        if (!appSid || !sender) {
          return {
            ok: false,
            error: 'Unifonic is not configured: the AppSid or the sender name is missing',
            final: true,
          };
        }
        return fromSend(
          await sendUnifonic(
            { appSid, sender, url: unifonicApiUrl(env) },
            { to: message.to_address, body: message.body, correlationId: message.id },
            deps.fetch,
          ),
        );
      }
      const token = secrets.sms_token || env('SMS_API_KEY');
      if (!token || !sender)
        return { ok: false, error: 'SMS is not configured (SMS_API_KEY, SMS_SENDER)', final: false };
      const url = (env('SMS_API_URL') ?? 'https://api.taqnyat.sa').replace(/\/+$/, '');
      return fromSend(
        await sendSms({ token, sender, url }, { to: message.to_address, body: message.body }, deps.fetch),
      );
    }
    const mail = emailSettings(env);
    if (!mail) return { ok: false, error: 'E-mail is not configured (EMAIL_API_KEY, EMAIL_FROM)', final: false };
    const language = claim.client?.language === 'en' ? 'en' : 'ar';
    // An e-mail needs a subject; staff may leave it empty.
    const organization = claim.organization?.name ?? 'Nuzl';
    const subject =
      message.subject?.trim() || (language === 'en' ? `A message from ${organization}` : `رسالة من ${organization}`);
    return fromSend(
      await sendEmail(
        mail,
        {
          from: mail.from,
          to: [message.to_address],
          subject,
          text: message.body,
          html: renderEmailHtml(subject, message.body, language),
          kind: 'guest_message',
          idempotencyKey: `message-${message.id}`,
        },
        deps.fetch,
      ),
    );
  }

  async function finish(id: string, providerId: string | null, error: string | null, giveUp: boolean) {
    return await deps.rpc<{ status?: string } | null>('message_finish', {
      message_id: id,
      provider_message_id: providerId,
      error: error?.slice(0, 1000) ?? null,
      give_up: giveUp,
    });
  }

  return {
    async deliver(id: string): Promise<Outcome> {
      const claim = await deps.rpc<(MessageClaim & Partial<ClaimedMessage>) | null>('message_claim', {
        message_id: id,
      });
      if (!claim) return { id, status: 'not_due' };
      // The claim carries the row under `message` (or, flattened, at its top level).
      const message = (claim.message ?? claim) as ClaimedMessage;
      if (message.provider_message_id)
        return { id, status: 'already_sent', provider_message_id: message.provider_message_id };
      let result: Attempt;
      if (claim.client?.opted_out) {
        result = { ok: false, error: 'The guest asked for no messages (opted out)', final: true };
      } else {
        try {
          result = await attempt(message, claim);
        } catch (error) {
          console.error('messaging: send', error);
          result = { ok: false, error: error instanceof Error ? error.message : String(error), final: false };
        }
      }
      if (result.ok) {
        await finish(id, result.id, null, false);
        return { id, status: 'sent', provider_message_id: result.id };
      }
      const finished = await finish(id, null, result.error, result.final);
      const status = finished?.status === 'failed' || result.final ? 'failed' : 'retrying';
      return { id, status, error: result.error };
    },
  };
}
