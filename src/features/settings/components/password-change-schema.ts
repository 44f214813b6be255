import { z } from 'zod';

/** The rules shown next to the new password (the auth server's own minimum is 6). */
export const PASSWORD_MIN_LENGTH = 8;
export const passwordRules = [
  { id: 'length', test: (value: string) => value.length >= PASSWORD_MIN_LENGTH },
  { id: 'letter', test: (value: string) => /\p{L}/u.test(value) },
  { id: 'digit', test: (value: string) => /\d/.test(value) },
] as const;

/** SPEC §5: the password change requires current, new and confirm password. Messages are settings keys. */
export const passwordChangeSchema = z
  .object({
    current: z.string().min(1, { error: 'password_change.validation.required' }),
    next: z
      .string()
      .min(1, { error: 'password_change.validation.required' })
      .refine((value) => passwordRules.every((rule) => rule.test(value)), {
        error: 'password_change.validation.rules',
      }),
    confirm: z.string().min(1, { error: 'password_change.validation.required' }),
  })
  .refine((values) => values.next === values.confirm, {
    path: ['confirm'],
    error: 'password_change.validation.mismatch',
  })
  .refine((values) => values.next === '' || values.next !== values.current, {
    path: ['next'],
    error: 'password_change.validation.same',
  });
export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;
