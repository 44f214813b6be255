import { z } from 'zod';
import { readTypedNumber } from '@/lib/digits';

/**
 * The building blocks of every entity schema. A refusal's message is an i18n key in the
 * `common` namespace (`common:validation.*`), so the same rule reads the same in every form —
 * a screen translates it with its own `t()`, the namespace prefix picks `common`.
 */
export const MESSAGES = {
  required: 'common:validation.required',
  tooLong: 'common:validation.too_long',
  number: 'common:validation.number',
  integer: 'common:validation.integer',
  notNegative: 'common:validation.not_negative',
  oneOrMore: 'common:validation.one_or_more',
  positive: 'common:validation.positive',
  tooLarge: 'common:validation.too_large',
  time: 'common:validation.time',
  date: 'common:validation.date',
  email: 'common:validation.email',
  latitude: 'common:validation.latitude',
  longitude: 'common:validation.longitude',
  coordinatesTogether: 'common:validation.coordinates_together',
  guestPhone: 'common:validation.guest_phone',
  identityRequired: 'common:validation.identity_required',
  guestRequired: 'common:validation.guest_required',
  unitRequired: 'common:validation.unit_required',
  guestsCount: 'common:validation.guests_count',
  checkOutAfter: 'common:validation.check_out_after',
  slug: 'common:validation.slug',
  passwordRules: 'common:validation.password_rules',
  passwordMismatch: 'common:validation.password_mismatch',
  passwordSame: 'common:validation.password_same',
} as const;

/** Trimmed text that must be given. */
export const requiredText = (max: number) =>
  z.string().trim().min(1, { error: MESSAGES.required }).max(max, { error: MESSAGES.tooLong });

/** Trimmed text that may be left blank: blank is saved as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MESSAGES.tooLong })
    .nullish()
    .transform((value) => (value ? value : null));

/** Text inputs hold strings: blank means "not given", anything else must read as a number. */
function toNumber(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return readTypedNumber(value);
  return value;
}

const number = () => z.number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.number) });

/** A number the user must type, between `min` and `max`; one message for every refusal when `message` is given. */
export function requiredNumber(min: number, max: number, options: { integer?: boolean; message?: string } = {}) {
  const { integer = false, message } = options;
  let schema = message
    ? z.number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : message) })
    : number();
  if (integer) schema = schema.int({ error: message ?? MESSAGES.integer });
  return z.preprocess(
    toNumber,
    schema
      .min(min, { error: message ?? (min > 0 ? MESSAGES.oneOrMore : MESSAGES.notNegative) })
      .max(max, { error: message ?? MESSAGES.tooLarge }),
  );
}

/** A number that may be left blank (saved as null). */
export function optionalNumber(build: (schema: z.ZodNumber) => z.ZodNumber) {
  return z.preprocess(toNumber, build(number()).optional()).transform((value) => value ?? null);
}

/** A calendar day as `YYYY-MM-DD` (what a date input and a Postgres `date` hold). */
export const isoDay = (message: string = MESSAGES.date) => z.iso.date({ error: message });

/** An optional e-mail address: blank → null, otherwise valid and lower-cased. */
export const optionalEmail = () =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || z.email().safeParse(value).success, { error: MESSAGES.email })
    .transform((value) => (value === '' ? null : value.toLowerCase()));
