import { z } from 'zod';
import { COMMERCIAL_REGISTRATION_PATTERN, VAT_NUMBER_PATTERN, normalizeDigits } from '@/domain/tax-profile';
import { Constants } from '@/types/database';

/** SPEC §9 plans, in the database's order (basic → enterprise). */
export const PLANS = Constants.public.Enums.subscription_plan;
export type Plan = (typeof PLANS)[number];
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** The columns admin_organizations() sorts by (supabase/migrations/20261128100300). */
export const ORGANIZATION_SORTS = ['created', 'name', 'plan', 'units', 'users', 'bookings_30d', 'status'] as const;
export type OrganizationSort = (typeof ORGANIZATION_SORTS)[number];
export type SortDirection = 'asc' | 'desc';
export const ORGANIZATIONS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_ACTIONS = ['insert', 'update', 'delete'] as const;

export interface OrganizationListParams {
  search: string;
  sort: OrganizationSort;
  direction: SortDirection;
  page: number;
}

const status = z.enum(['active', 'suspended']);

export const organizationRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  slug: z.string(),
  plan: z.enum(PLANS),
  billing_cycle: z.enum(BILLING_CYCLES),
  status,
  suspended_at: z.string().nullable(),
  created_at: z.string(),
  owner_name: z.string().nullable(),
  owner_email: z.string().nullable(),
  owner_phone: z.string().nullable(),
  units: z.number(),
  users: z.number(),
  bookings_30d: z.number(),
});
export type OrganizationRow = z.infer<typeof organizationRowSchema>;
export const organizationPageSchema = z.object({ total: z.number(), rows: z.array(organizationRowSchema) });
export type OrganizationPage = z.infer<typeof organizationPageSchema>;

/** null = unlimited. */
const limitsSchema = z.object({ units: z.number().nullable(), users: z.number().nullable() });
export type PlanLimits = z.infer<typeof limitsSchema>;

export const organizationDetailSchema = z.object({
  organization: z.object({
    id: z.string(),
    name: z.string(),
    name_ar: z.string().nullable(),
    slug: z.string(),
    plan: z.enum(PLANS),
    billing_cycle: z.enum(BILLING_CYCLES),
    status,
    suspended_at: z.string().nullable(),
    suspended_reason: z.string().nullable(),
    suspended_by_name: z.string().nullable(),
    created_at: z.string(),
    default_timezone: z.string(),
    public_site_enabled: z.boolean(),
  }),
  owner: z
    .object({
      id: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      last_sign_in_at: z.string().nullable(),
    })
    .nullable(),
  usage: z.object({
    units: z.number(),
    active_units: z.number(),
    users: z.number(),
    bookings: z.number(),
    bookings_30d: z.number(),
    invoices: z.number(),
    invoices_total: z.number(),
    currency: z.string(),
    last_activity_at: z.string().nullable(),
  }),
  limits: limitsSchema,
  plans: z.record(z.string(), limitsSchema),
});
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;

/** The suspension form: a reason is required (the organisation's staff read it). */
export const suspendFormSchema = z.object({
  reason: z.string().trim().min(1, 'validation.reason_required').max(500, 'validation.reason_too_long'),
});
export type SuspendForm = z.infer<typeof suspendFormSchema>;

const queueSchema = z.object({ key: z.string(), count: z.number(), oldest_at: z.string().nullable() });
export const platformHealthSchema = z.object({
  checked_at: z.string(),
  queues: z.array(queueSchema),
  cron_jobs: z
    .array(
      z.object({
        name: z.string().nullable(),
        schedule: z.string(),
        active: z.boolean(),
        last_status: z.string().nullable(),
        last_started_at: z.string().nullable(),
        last_ended_at: z.string().nullable(),
        last_message: z.string().nullable(),
      }),
    )
    .nullable(),
  database: z.object({ size_bytes: z.number().nullable(), rows: z.record(z.string(), z.number()) }),
});
export type PlatformHealth = z.infer<typeof platformHealthSchema>;

export interface AuditParams {
  organizationId: string;
  table: string;
  action: '' | (typeof AUDIT_ACTIONS)[number];
  from: string;
  to: string;
  page: number;
}
export const auditEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  organization_id: z.string().nullable(),
  organization_name: z.string().nullable(),
  organization_name_ar: z.string().nullable().optional(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  actor_role: z.string().nullable(),
  table_name: z.string(),
  record_id: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({
  total: z.number(),
  rows: z.array(auditEntrySchema),
  tables: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** A landing-page testimonial as the console edits it (public.testimonials). */
export const testimonialFormSchema = z.object({
  author_name: z.string().trim().min(1, 'validation.required').max(120),
  author_role: z.string().trim().max(160),
  quote: z.string().trim().min(1, 'validation.required').max(600),
  language: z.enum(['en', 'ar']),
  sort_order: z.number().int().min(-32768).max(32767),
  /** The quoted person agreed to publication: required to publish (testimonials_published_with_permission). */
  permission: z.boolean(),
});
export type TestimonialForm = z.infer<typeof testimonialFormSchema>;

/** Digits as typed (Arabic-Indic digits, spaces, dashes) normalised before checking. */
const digits = (pattern: RegExp, message: string) =>
  z
    .string()
    .transform(normalizeDigits)
    .refine((value) => pattern.test(value), { error: message });
const requiredText = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.too_long')
    .transform((value) => value || null);

/**
 * The platform as seller of subscriptions (public.platform_seller): every detail a subscription tax
 * invoice prints. The table holds the same rules, so what passes here is saved.
 */
export const platformSellerFormSchema = z.object({
  legal_name_en: requiredText(200),
  legal_name_ar: requiredText(200).refine((value) => new TextEncoder().encode(value).length <= 127, {
    error: 'validation.legal_name_ar_too_long',
  }),
  vat_number: digits(VAT_NUMBER_PATTERN, 'validation.vat_number'),
  commercial_registration: digits(COMMERCIAL_REGISTRATION_PATTERN, 'validation.commercial_registration'),
  address_street: requiredText(200),
  address_building_number: digits(/^\d{4}$/, 'validation.building_number'),
  address_additional_number: z
    .string()
    .transform(normalizeDigits)
    .refine((value) => value === '' || /^\d{4}$/.test(value), { error: 'validation.additional_number' })
    .transform((value) => value || null),
  address_district: requiredText(200),
  address_city: requiredText(200),
  address_region: optionalText(200),
  address_postal_code: digits(/^\d{5}$/, 'validation.postal_code'),
});
/** What the form holds (every field as typed). */
export type PlatformSellerInput = z.input<typeof platformSellerFormSchema>;
/** What is saved: trimmed, digits normalised, blanks as null. */
export type PlatformSellerValues = z.output<typeof platformSellerFormSchema>;
