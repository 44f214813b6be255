import { z } from 'zod';
import type { Enums } from '@/types/database';

/**
 * Financial alerts (issue 17): what each type watches and what its threshold is measured in. The
 * database checks the same rules (private.alerts_before_write: 400 alert_threshold_required /
 * alert_threshold_invalid / alert_window_invalid); the form says so before asking it.
 */
export const ALERT_TYPES = [
  'overdue_invoices',
  'invoice_overdue_days',
  'outstanding_balance',
  'low_occupancy',
  'revenue_below_target',
  'revenue_drop',
  'large_payment',
  'failed_payment',
  'licence_expiring',
] as const satisfies readonly Enums<'alert_type'>[];
export type AlertType = (typeof ALERT_TYPES)[number];

export const ALERT_FREQUENCIES = [
  'realtime',
  'daily',
  'weekly',
  'monthly',
] as const satisfies readonly Enums<'alert_frequency'>[];
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Most urgent first: the order of the dashboard's card. */
export const ALERT_SEVERITIES = [
  'critical',
  'high',
  'medium',
  'low',
] as const satisfies readonly Enums<'alert_severity'>[];
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export type ThresholdKind = 'amount' | 'percent' | 'days';

/** What a type's threshold (and measured value) is: SAR, a percentage, or days. */
export function thresholdKind(type: AlertType): ThresholdKind {
  if (type === 'low_occupancy' || type === 'revenue_drop') return 'percent';
  if (type === 'invoice_overdue_days' || type === 'licence_expiring') return 'days';
  return 'amount';
}

export function isAlertType(value: unknown): value is AlertType {
  return typeof value === 'string' && (ALERT_TYPES as readonly string[]).includes(value);
}

export const THRESHOLD_LIMITS: Record<ThresholdKind, { min: number; max: number; step: number }> = {
  amount: { min: 0, max: 999_999_999, step: 0.01 },
  percent: { min: 0, max: 100, step: 0.01 },
  days: { min: 1, max: 3650, step: 1 },
};
export const WINDOW_LIMITS = { min: 1, max: 365 } as const;

/** An alerts row as the screens read it. */
export const alertSchema = z.object({
  id: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  type: z.enum(ALERT_TYPES),
  threshold: z.number().nullable(),
  window_days: z.number().nullable(),
  frequency: z.enum(ALERT_FREQUENCIES),
  severity: z.enum(ALERT_SEVERITIES),
  is_active: z.boolean(),
  last_triggered_at: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

/** An alert_events row with its alert's name and type. */
export const alertEventSchema = z.object({
  id: z.string(),
  alert_id: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  subject_label: z.string().nullable(),
  subject_label_ar: z.string().nullable(),
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  details: z.record(z.string(), z.unknown()),
  fired_at: z.string(),
  resolved_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  alert: z.object({ name: z.string(), name_ar: z.string().nullable(), type: z.enum(ALERT_TYPES) }).nullable(),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

/** Blank text as null. */
const optionalText = z
  .string()
  .trim()
  .max(200, 'too_long')
  .transform((value) => (value === '' ? null : value));

/**
 * The create / edit form and the request (one schema): names in both languages, the type, a
 * threshold checked per type, the window for occupancy, frequency, severity, on/off. Error
 * messages are keys of alerts:form.errors.
 */
export const alertFormSchema = z
  .object({
    name: z.string().trim().min(1, 'name_required').max(200, 'too_long'),
    name_ar: optionalText,
    type: z.enum(ALERT_TYPES),
    threshold: z.string().trim().min(1, 'threshold_required'),
    window_days: z.string().trim(),
    frequency: z.enum(ALERT_FREQUENCIES),
    severity: z.enum(ALERT_SEVERITIES),
    is_active: z.boolean(),
  })
  .superRefine((form, ctx) => {
    const kind = thresholdKind(form.type);
    const limits = THRESHOLD_LIMITS[kind];
    const value = Number(form.threshold);
    if (form.threshold !== '' && (!Number.isFinite(value) || value < limits.min || value > limits.max)) {
      ctx.addIssue({ code: 'custom', path: ['threshold'], message: `threshold_${kind}` });
    } else if (kind === 'days' && !Number.isInteger(value)) {
      ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'threshold_days' });
    }
    if (form.type === 'low_occupancy') {
      const days = Number(form.window_days);
      if (!Number.isInteger(days) || days < WINDOW_LIMITS.min || days > WINDOW_LIMITS.max || form.window_days === '') {
        ctx.addIssue({ code: 'custom', path: ['window_days'], message: 'window_days' });
      }
    }
  })
  .transform((form) => ({
    name: form.name,
    name_ar: form.name_ar,
    type: form.type,
    threshold: Number(form.threshold),
    window_days: form.type === 'low_occupancy' ? Number(form.window_days) : null,
    frequency: form.frequency,
    severity: form.severity,
    is_active: form.is_active,
  }));
export type AlertFormInput = z.input<typeof alertFormSchema>;
export type AlertFormValues = z.output<typeof alertFormSchema>;

/** Sensible starting thresholds when the type changes in the form. */
export const DEFAULT_THRESHOLD: Record<AlertType, string> = {
  overdue_invoices: '5000',
  invoice_overdue_days: '14',
  outstanding_balance: '20000',
  low_occupancy: '40',
  revenue_below_target: '50000',
  revenue_drop: '20',
  large_payment: '10000',
  failed_payment: '0',
  licence_expiring: '30',
};

export const EMPTY_ALERT_FORM: AlertFormInput = {
  name: '',
  name_ar: '',
  type: 'overdue_invoices',
  threshold: DEFAULT_THRESHOLD.overdue_invoices,
  window_days: '30',
  frequency: 'daily',
  severity: 'medium',
  is_active: true,
};

export function alertToFormInput(alert: Alert): AlertFormInput {
  return {
    name: alert.name,
    name_ar: alert.name_ar ?? '',
    type: alert.type,
    threshold: alert.threshold === null ? '' : String(alert.threshold),
    window_days: String(alert.window_days ?? 30),
    frequency: alert.frequency,
    severity: alert.severity,
    is_active: alert.is_active,
  };
}
