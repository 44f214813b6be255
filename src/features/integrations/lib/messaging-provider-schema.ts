import { z } from 'zod';

/** The messaging providers of Settings → Integrations (messaging_settings, issue 16). */
export const MESSAGING_PROVIDERS = ['whatsapp', 'sms'] as const;
export type MessagingProvider = (typeof MESSAGING_PROVIDERS)[number];

export const SMS_GATEWAYS = ['taqnyat', 'unifonic'] as const;
export type SmsGateway = (typeof SMS_GATEWAYS)[number];

/** whatsapp_status; sms_status adds 'platform' (Nuzl's own gateway account is used). */
export const MESSAGING_STATUSES = ['not_connected', 'active', 'error', 'platform'] as const;
export type MessagingStatus = (typeof MESSAGING_STATUSES)[number];

/** The provider columns of the organisation's messaging_settings row (no token is ever readable). */
export const messagingProvidersSchema = z.object({
  whatsapp_phone_number_id: z.string().nullable(),
  whatsapp_business_account_id: z.string().nullable(),
  whatsapp_display_phone: z.string().nullable(),
  whatsapp_status: z.enum(MESSAGING_STATUSES),
  whatsapp_error: z.string().nullable(),
  whatsapp_tested_at: z.string().nullable(),
  sms_provider: z.enum(SMS_GATEWAYS),
  sms_sender: z.string().nullable(),
  sms_status: z.enum(MESSAGING_STATUSES),
  sms_error: z.string().nullable(),
  sms_tested_at: z.string().nullable(),
});
export type MessagingProviders = z.infer<typeof messagingProvidersSchema>;

const numericId = z
  .string()
  .trim()
  .regex(/^[0-9]{1,32}$/, 'numeric_id');

/**
 * The WhatsApp Business number form (set_messaging_provider 'whatsapp'). The access token is
 * write-only: required only while the number is not connected yet (`connected` false).
 */
export function whatsappFormSchema(connected: boolean) {
  return z.object({
    phone_number_id: numericId,
    business_account_id: numericId,
    display_phone: z.string().trim().max(40, 'too_long'),
    access_token: connected
      ? z.string().trim().max(1000, 'too_long')
      : z.string().trim().min(1, 'required').max(1000, 'too_long'),
  });
}
export type WhatsappFormInput = z.infer<ReturnType<typeof whatsappFormSchema>>;

/**
 * The SMS form (set_messaging_provider 'sms'): the gateway, the approved sender name (blank = the
 * platform's) and, unless Nuzl's own account is used, the account's token (Taqnyat bearer /
 * Unifonic AppSid) — write-only, required only while no token of the organisation's is stored.
 */
export function smsFormSchema(tokenStored: boolean) {
  return z
    .object({
      provider: z.enum(SMS_GATEWAYS),
      sender: z.string().trim().max(11, 'sender_too_long'),
      use_platform: z.boolean(),
      token: z.string().trim().max(1000, 'too_long'),
    })
    .refine((value) => value.use_platform || tokenStored || value.token !== '', {
      path: ['token'],
      message: 'required',
    });
}
export type SmsFormInput = z.infer<ReturnType<typeof smsFormSchema>>;

/** POST /messaging/providers/test */
export const providerTestSchema = z.object({
  ok: z.literal(true),
  provider: z.enum(MESSAGING_PROVIDERS),
  status: z.string(),
  tested_at: z.string(),
});
export type ProviderTest = z.infer<typeof providerTestSchema>;
