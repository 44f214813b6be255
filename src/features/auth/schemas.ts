import { z } from 'zod';
import { normalizeSaudiPhone } from '@/lib/phone';
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

/** Password rules shown next to the field (and enforced by the auth server's minimum of 6). */
export const PASSWORD_MIN_LENGTH = 8;
export const passwordRules = [
  { id: 'length', test: (value: string) => value.length >= PASSWORD_MIN_LENGTH },
  { id: 'letter', test: (value: string) => /\p{L}/u.test(value) },
  { id: 'digit', test: (value: string) => /\d/.test(value) },
] as const;

const newPassword = z
  .string()
  .min(1, { error: 'validation.required' })
  .refine((value) => passwordRules.every((rule) => rule.test(value)), { error: 'validation.password_rules' });

export const newPasswordSchema = z
  .object({ password: newPassword, confirm: z.string().min(1, { error: 'validation.required' }) })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], error: 'validation.password_mismatch' });
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
