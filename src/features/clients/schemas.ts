import { z } from 'zod';
import { normalizeSaudiPhone } from '@/lib/phone';

/**
 * The client form and the insert/update request share this schema (STYLE 9). Messages are keys
 * of the `clients` namespace, translated where shown. The output is what the database takes:
 * E.164 phone, lower-case e-mail or null, empty identity fields as null.
 */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'form.errors.too_long' })
    .transform((value) => (value === '' ? null : value));

export const clientFormSchema = z
  .object({
    name: z.string().trim().min(1, { error: 'form.errors.required' }).max(200, { error: 'form.errors.too_long' }),
    email: z
      .string()
      .trim()
      .refine((value) => value === '' || z.email().safeParse(value).success, { error: 'form.errors.email_invalid' })
      .transform((value) => (value === '' ? null : value.toLowerCase())),
    phone: z
      .string()
      .trim()
      .min(1, { error: 'form.errors.required' })
      .refine((value) => normalizeSaudiPhone(value) !== null, { error: 'form.errors.phone_invalid' })
      .transform((value) => normalizeSaudiPhone(value) as string),
    nationality: optionalText(2),
    national_id: optionalText(30),
    passport_number: optionalText(30),
    preferred_language: z.enum(['ar', 'en']),
    is_vip: z.boolean(),
    member_since: z.iso.date({ error: 'form.errors.date_invalid' }),
  })
  // SPEC §5: either one is enough, neither is refused. Shown under the National ID field.
  .refine((client) => client.national_id !== null || client.passport_number !== null, {
    path: ['national_id'],
    error: 'form.errors.identity_required',
  });

export type ClientFormInput = z.input<typeof clientFormSchema>;
export type ClientFormOutput = z.output<typeof clientFormSchema>;

export function emptyClientForm(today: string): ClientFormInput {
  return {
    name: '',
    email: '',
    phone: '',
    nationality: '',
    national_id: '',
    passport_number: '',
    preferred_language: 'ar',
    is_vip: false,
    member_since: today,
  };
}

export const clientSortColumns = ['created_at', 'name', 'member_since', 'nationality'] as const;
export type ClientSort = (typeof clientSortColumns)[number];

export interface ClientListParams {
  search: string;
  vipOnly: boolean;
  sort: ClientSort;
  ascending: boolean;
  page: number;
  pageSize: number;
}
