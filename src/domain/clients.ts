import { z } from 'zod';
import { guestPhoneSchema } from './phone';
import { isoDay, MESSAGES, optionalEmail, optionalText, requiredText } from './validation';

/**
 * A client (a guest), as every form writes it: the Clients screen, the booking dialog's "new
 * guest" (the same dialog) and the onboarding wizard's first guest. The output is what the
 * database takes: the phone in E.164 (a Saudi or a foreign mobile, see ./phone), the e-mail
 * lower-case or null, blank identity fields as null.
 */
export const CLIENT_LANGUAGES = ['ar', 'en'] as const;

/** Each field's rule, without the rule that spans fields (pick from here for a shorter form). */
export const clientFields = z.object({
  name: requiredText(200),
  email: optionalEmail(),
  phone: guestPhoneSchema,
  nationality: optionalText(2),
  national_id: optionalText(30),
  passport_number: optionalText(30),
  preferred_language: z.enum(CLIENT_LANGUAGES),
  is_vip: z.boolean(),
  member_since: isoDay(),
});

/**
 * SPEC §5: a National ID or a passport number, either is enough, neither is refused (the
 * database's clients_identity check). Shown under the National ID field.
 */
export function requireIdentity<S extends z.ZodType<{ national_id: string | null; passport_number: string | null }>>(
  schema: S,
): S {
  return schema.refine((client) => client.national_id !== null || client.passport_number !== null, {
    path: ['national_id'],
    error: MESSAGES.identityRequired,
  });
}

export const clientSchema = requireIdentity(clientFields);

export type ClientInput = z.input<typeof clientSchema>;
export type ClientValues = z.output<typeof clientSchema>;
