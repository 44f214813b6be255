import { z } from 'zod';
import { guestPhoneSchema } from '@/domain/phone';
import { MESSAGES } from '@/domain/validation';
import { toWesternDigits } from '@/lib/digits';

/**
 * The languages a member may prefer (the language_code enum). Spanish is stored but not yet
 * translated: the screens show English for it until it is (SPEC-issue 14, said on screen).
 */
export const PROFILE_LANGUAGES = ['en', 'ar', 'es'] as const;
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number];

/** Settings → Profile: one schema for the form and the update of the member's own profile row. */
export const profileSchema = z.object({
  // profiles_full_name_check: 1 to 200 characters once trimmed.
  full_name: z.string().trim().min(1, { error: MESSAGES.required }).max(200, { error: MESSAGES.tooLong }),
  preferred_language: z.enum(PROFILE_LANGUAGES),
});

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

/** The interface language a preference shows: Spanish falls back to English until translated. */
export function uiLanguageFor(language: ProfileLanguage): 'en' | 'ar' {
  return language === 'ar' ? 'ar' : 'en';
}

/** A new phone: a Saudi mobile in any local form, or any country's with its code; sent as E.164. */
export const phoneChangeSchema = z.object({ phone: guestPhoneSchema });
export type PhoneChangeInput = z.input<typeof phoneChangeSchema>;

/** A new e-mail address (profiles_email_check holds the same shape). */
export const emailChangeSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, { error: MESSAGES.required }).email({ error: MESSAGES.email }),
});
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

/** The 6-digit code the auth service sent (Arabic-Indic digits read as Latin). */
export const changeCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => toWesternDigits(value).replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: 'settings:contact.errors.code' })),
});
export type ChangeCodeInput = z.input<typeof changeCodeSchema>;
