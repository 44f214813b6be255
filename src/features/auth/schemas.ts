import { z } from 'zod';
import { normalizeSaudiPhone } from '@/domain/phone';
import { OTP_LENGTH } from './components/otp-input';

/**
 * Error messages are i18n keys of the auth namespace; forms translate them when shown.
 * The phone is transformed to E.164 so the request always carries `+9665xxxxxxxx`.
 */
export const phoneFormSchema = z.object({
  phone: z
    .string()
    .trim()
    .min(1, { error: 'validation.phone_required' })
    .refine((value) => normalizeSaudiPhone(value) !== null, { error: 'validation.phone_invalid' }),
  remember: z.boolean(),
});
export type PhoneFormValues = z.infer<typeof phoneFormSchema>;

export const otpCodeSchema = z
  .string()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: 'validation.code_incomplete' });

export const emailPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .pipe(z.email({ error: 'validation.email_invalid' })),
  password: z.string().min(1, { error: 'validation.required' }),
  remember: z.boolean(),
});
export type EmailPasswordValues = z.infer<typeof emailPasswordSchema>;

export const resetRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .pipe(z.email({ error: 'validation.email_invalid' })),
});
export type ResetRequestValues = z.infer<typeof resetRequestSchema>;

/** A new password and its confirmation: the shared rules (src/domain/password.ts), as Settings uses them. */
export { newPasswordSchema, type NewPasswordValues } from '@/domain/password';
