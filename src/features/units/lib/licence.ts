import { z } from 'zod';
import { MESSAGES, optionalText } from '@/domain/validation';

/** How many days before expiry a licence needs attention (the default licence_expiring alert too). */
export const LICENCE_WARNING_DAYS = 30;

/** The licence columns of a unit (Ministry of Tourism, issue 17). */
export interface UnitLicence {
  tourism_licence_number: string | null;
  tourism_licence_issued_on?: string | null;
  tourism_licence_expires_on: string | null;
}

export type LicenceStatus =
  | { kind: 'valid'; days: number }
  | { kind: 'expiring'; days: number }
  | { kind: 'expired'; days: number }
  | { kind: 'missing' };

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A unit's licence on `today` (the organisation's day): missing without a number (or without an
 * expiry date), expired after its expiry date, expiring within `warningDays` (the expiry day
 * itself is still valid: `days` 0), else valid. The same rule as private.unit_licence_valid.
 */
export function licenceStatus(
  licence: UnitLicence,
  today: string,
  warningDays: number = LICENCE_WARNING_DAYS,
): LicenceStatus {
  const expires = licence.tourism_licence_expires_on;
  if (!licence.tourism_licence_number || !expires) return { kind: 'missing' };
  const days = daysBetween(today, expires);
  if (days < 0) return { kind: 'expired', days: -days };
  return days <= warningDays ? { kind: 'expiring', days } : { kind: 'valid', days };
}

/** Whether the status calls for the operator's attention (list flags, dashboard). */
export function needsAttention(status: LicenceStatus): boolean {
  return status.kind !== 'valid';
}

const optionalDay = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.iso.date({ error: MESSAGES.date }).nullable());

/**
 * The licence form and its update (units_tourism_licence_* checks): a number of 1–50 characters
 * (blank = no licence), an expiry date after the issue date, and the expiry date required with a
 * number (without one the licence is never valid).
 */
export const licenceSchema = z
  .object({
    tourism_licence_number: optionalText(50),
    tourism_licence_issued_on: optionalDay,
    tourism_licence_expires_on: optionalDay,
  })
  .superRefine((value, context) => {
    if (value.tourism_licence_number && !value.tourism_licence_expires_on) {
      context.addIssue({ code: 'custom', path: ['tourism_licence_expires_on'], message: MESSAGES.required });
    }
    if (
      value.tourism_licence_issued_on &&
      value.tourism_licence_expires_on &&
      value.tourism_licence_expires_on <= value.tourism_licence_issued_on
    ) {
      context.addIssue({
        code: 'custom',
        path: ['tourism_licence_expires_on'],
        message: 'units:licence.errors.expiry_before_issue',
      });
    }
  });

export type LicenceInput = z.input<typeof licenceSchema>;
export type LicenceValues = z.output<typeof licenceSchema>;

/** Photos and PDFs of the permit (the unit-documents bucket accepts these, up to 10 MB). */
export const LICENCE_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export const LICENCE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
