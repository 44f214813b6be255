import { z } from 'zod';
import type { Enums } from '@/types/database';
import { isMessageVariable } from '@/lib/message-variables';

/**
 * The automatic guest messages: every guest_notice_kind has a switch (message_automations) and a
 * default template; listed in the order a stay meets them.
 */
export const AUTOMATIC_KINDS = [
  'request_received',
  'request_confirmed',
  'request_declined',
  'request_expired',
  'booking_confirmed',
  'pre_arrival',
  'door_code',
  'check_in_day',
  'check_out_day',
  'review_link',
  'invoice_issued',
  'invoice_overdue',
] as const satisfies readonly Enums<'guest_notice_kind'>[];
export type AutomaticKind = (typeof AUTOMATIC_KINDS)[number];

/** The kinds with a number of days (message_automations.days): before check-in, after the due date. */
export const DAYS_RANGE: Partial<Record<AutomaticKind, { min: number; max: number }>> = {
  pre_arrival: { min: 0, max: 14 },
  invoice_overdue: { min: 1, max: 60 },
};

export function isAutomaticKind(value: unknown): value is AutomaticKind {
  return typeof value === 'string' && (AUTOMATIC_KINDS as readonly string[]).includes(value);
}

/** A message_templates row as the screen reads it. */
export const messageTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string().nullable(),
  subject_en: z.string().nullable(),
  subject_ar: z.string().nullable(),
  body_en: z.string(),
  body_ar: z.string(),
  whatsapp_template_name: z.string().nullable(),
  whatsapp_params: z.array(z.string()),
  active: z.boolean(),
  updated_at: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

// Unknown `{{names}}` in the texts are flagged beside the field as they are typed
// (findUnknownVariables) but not refused here: the database's trigger is the one authority, and
// its refusal names the variable (lib/template-refusal.ts).
const body = z.string().trim().min(1, 'required').max(2000, 'too_long');
const subject = z
  .string()
  .trim()
  .max(200, 'too_long')
  .transform((value) => value || null);

/**
 * One template's form and its insert/update (message_templates; the database checks the same
 * rules: name 1–80 unique per organisation, bodies 1–2000, subjects ≤ 200, known variables only,
 * an approved WhatsApp template name of [a-z0-9_], its parameters known variables).
 * kind '' = a manual template for the inbox composer.
 */
export const messageTemplateFormSchema = z.object({
  name: z.string().trim().min(1, 'required').max(80, 'too_long'),
  kind: z.union([z.literal(''), z.enum(AUTOMATIC_KINDS)]),
  body_en: body,
  body_ar: body,
  subject_en: subject,
  subject_ar: subject,
  whatsapp_template_name: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{0,512}$/, 'whatsapp_name')
    .transform((value) => value || null),
  /** The variables filling {{1}}, {{2}}… of the approved template, comma-separated in the form. */
  whatsapp_params: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim().replace(/^\{\{\s*|\s*\}\}$/g, ''))
        .filter(Boolean),
    )
    .refine((names) => names.every(isMessageVariable), 'unknown_parameter'),
});
export type MessageTemplateFormInput = z.input<typeof messageTemplateFormSchema>;
export type MessageTemplateFormValues = z.output<typeof messageTemplateFormSchema>;

export const EMPTY_TEMPLATE_FORM: MessageTemplateFormInput = {
  name: '',
  kind: '',
  body_en: '',
  body_ar: '',
  subject_en: '',
  subject_ar: '',
  whatsapp_template_name: '',
  whatsapp_params: '',
};

/** A saved template as the form edits it. */
export function templateToFormInput(template: MessageTemplate): MessageTemplateFormInput {
  return {
    name: template.name,
    kind: isAutomaticKind(template.kind) ? template.kind : '',
    body_en: template.body_en,
    body_ar: template.body_ar,
    subject_en: template.subject_en ?? '',
    subject_ar: template.subject_ar ?? '',
    whatsapp_template_name: template.whatsapp_template_name ?? '',
    whatsapp_params: template.whatsapp_params.join(', '),
  };
}

/** The row written to message_templates. */
export function toTemplateRow(values: MessageTemplateFormValues) {
  return { ...values, kind: values.kind === '' ? null : values.kind };
}

/** message_automations as the screen reads it. */
export const messageAutomationSchema = z.object({
  kind: z.string(),
  enabled: z.boolean(),
  days: z.number().nullable(),
});
export type MessageAutomation = z.infer<typeof messageAutomationSchema>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Quiet hours (set_messaging_settings); times as the time input holds them (HH:MM). */
export const quietHoursSchema = z.object({
  quiet_hours_enabled: z.boolean(),
  quiet_hours_start: z.string().regex(TIME, 'time'),
  quiet_hours_end: z.string().regex(TIME, 'time'),
});
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** The messaging_settings columns this tab reads (the provider columns belong to Integrations). */
export const quietHoursRowSchema = z.object({
  quiet_hours_enabled: z.boolean(),
  quiet_hours_start: z.string().transform((value) => value.slice(0, 5)),
  quiet_hours_end: z.string().transform((value) => value.slice(0, 5)),
});

/** render_message_text / render_message_template */
export const renderedMessageSchema = z.object({
  subject: z.string().nullable().optional(),
  body: z.string(),
  unknown: z.array(z.string()).optional().default([]),
});
export type RenderedMessage = z.infer<typeof renderedMessageSchema>;
