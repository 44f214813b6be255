import { z } from 'zod';
import type { Enums } from '@/types/database';

/**
 * Automation rules and task templates (issue 17): one zod schema per entity, shared by the forms
 * and the requests. The database checks the same rules (20261129620100 / 20261129620200) and
 * refuses with stable hints; these schemas say it first, in the reader's language.
 */

/** The events a rule listens to, in the order a stay meets them. */
export const TRIGGERS = [
  'booking_created',
  'booking_confirmed',
  'check_in',
  'check_out',
  'booking_cancelled',
  'invoice_created',
  'invoice_overdue',
  'payment_received',
  'task_completed',
] as const satisfies readonly Enums<'automation_trigger'>[];
export type Trigger = (typeof TRIGGERS)[number];

/**
 * The actions offered. generate_passcode is left out on purpose: a stay's door code is already
 * issued by the unit's lock settings, and the database refuses it (automation_action_unsupported).
 */
export const ACTIONS = [
  'create_task',
  'send_whatsapp',
  'send_sms',
  'send_email',
  'create_invoice',
  'notify_team',
] as const satisfies readonly Enums<'automation_action'>[];
export type Action = (typeof ACTIONS)[number];

/** Triggers about a booking: the only ones an invoice can be created from. */
export const BOOKING_TRIGGERS: readonly Trigger[] = ['booking_created', 'booking_confirmed', 'check_in', 'check_out'];

export const SEND_ACTIONS: readonly Action[] = ['send_whatsapp', 'send_sms', 'send_email'];

export const BOOKING_SOURCES = [
  'direct',
  'airbnb',
  'booking_com',
  'other',
] as const satisfies readonly Enums<'booking_source'>[];

export const TASK_TYPES = [
  'cleaning',
  'maintenance',
  'inspection',
  'repair',
  'setup',
  'housekeeping',
] as const satisfies readonly Enums<'task_type'>[];
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const satisfies readonly Enums<'task_priority'>[];
export const VENDOR_CATEGORIES = [
  'cleaning',
  'maintenance',
  'transportation',
  'security',
] as const satisfies readonly Enums<'vendor_category'>[];
export const DUE_RULES = ['before_next_check_in', 'hours_after'] as const;
export const ASSIGNMENTS = ['best_vendor', 'vendor', 'staff', 'nobody'] as const;

/** The variables a task template may use (private.task_template_variables()). */
export const TASK_VARIABLES = ['unit', 'guest', 'booking', 'check_in', 'check_out'] as const;

/** The first {{name}} in the texts that is not a task template variable, or null. */
export function unknownTaskVariable(...texts: Array<string | null | undefined>): string | null {
  for (const text of texts) {
    for (const match of (text ?? '').matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)) {
      const name = match[1] ?? '';
      if (!(TASK_VARIABLES as readonly string[]).includes(name)) return name;
    }
  }
  return null;
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'too_long')
    .transform((value) => (value === '' ? null : value));

/** The task template form (and the row it saves). Error messages are keys of automation.json `errors`. */
export const taskTemplateFormSchema = z
  .object({
    name: z.string().trim().min(1, 'required').max(100, 'too_long'),
    title: z.string().trim().min(1, 'required').max(200, 'too_long'),
    title_ar: optionalText(200),
    description: optionalText(2000),
    description_ar: optionalText(2000),
    type: z.enum(TASK_TYPES),
    priority: z.enum(TASK_PRIORITIES),
    due_rule: z.enum(DUE_RULES),
    due_hours: z.coerce.number().int('whole_hours').min(0, 'hours_range').max(720, 'hours_range'),
    assign_to: z.enum(ASSIGNMENTS),
    vendor_category: z.enum(VENDOR_CATEGORIES),
    vendor_id: z.string(),
    assignee_id: z.string(),
  })
  .superRefine((values, ctx) => {
    const unknown = unknownTaskVariable(values.title, values.title_ar, values.description, values.description_ar);
    if (unknown !== null) ctx.addIssue({ code: 'custom', path: ['title'], message: 'unknown_variable' });
    if (values.assign_to === 'vendor' && values.vendor_id === '')
      ctx.addIssue({ code: 'custom', path: ['vendor_id'], message: 'vendor_required' });
    if (values.assign_to === 'staff' && values.assignee_id === '')
      ctx.addIssue({ code: 'custom', path: ['assignee_id'], message: 'assignee_required' });
  });
export type TaskTemplateFormInput = z.input<typeof taskTemplateFormSchema>;
export type TaskTemplateFormValues = z.output<typeof taskTemplateFormSchema>;

/** A task_templates row as the screen reads it. */
export const taskTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  title_ar: z.string().nullable(),
  description: z.string().nullable(),
  description_ar: z.string().nullable(),
  type: z.enum(TASK_TYPES),
  priority: z.enum(TASK_PRIORITIES),
  due_rule: z.enum(DUE_RULES),
  due_hours: z.number().nullable(),
  assign_to: z.enum(ASSIGNMENTS),
  vendor_category: z.enum(VENDOR_CATEGORIES).nullable(),
  vendor_id: z.string().nullable(),
  assignee_id: z.string().nullable(),
});
export type TaskTemplate = z.infer<typeof taskTemplateSchema>;

export const EMPTY_TASK_TEMPLATE_FORM: TaskTemplateFormInput = {
  name: '',
  title: '',
  title_ar: '',
  description: '',
  description_ar: '',
  type: 'cleaning',
  priority: 'medium',
  due_rule: 'before_next_check_in',
  due_hours: 24,
  assign_to: 'nobody',
  vendor_category: 'cleaning',
  vendor_id: '',
  assignee_id: '',
};

export function taskTemplateToFormInput(row: TaskTemplate): TaskTemplateFormInput {
  return {
    name: row.name,
    title: row.title,
    title_ar: row.title_ar ?? '',
    description: row.description ?? '',
    description_ar: row.description_ar ?? '',
    type: row.type,
    priority: row.priority,
    due_rule: row.due_rule,
    due_hours: row.due_hours ?? 24,
    assign_to: row.assign_to,
    vendor_category: row.vendor_category ?? 'cleaning',
    vendor_id: row.vendor_id ?? '',
    assignee_id: row.assignee_id ?? '',
  };
}

/** The row the database stores: only the fields the due rule and assignment use. */
export function toTaskTemplateRow(values: TaskTemplateFormValues) {
  return {
    name: values.name,
    title: values.title,
    title_ar: values.title_ar,
    description: values.description,
    description_ar: values.description_ar,
    type: values.type,
    priority: values.priority,
    due_rule: values.due_rule,
    due_hours: values.due_rule === 'hours_after' ? values.due_hours : null,
    assign_to: values.assign_to,
    vendor_category: values.assign_to === 'best_vendor' ? values.vendor_category : null,
    vendor_id: values.assign_to === 'vendor' ? values.vendor_id : null,
    assignee_id: values.assign_to === 'staff' ? values.assignee_id : null,
  };
}

/** The rule form: what happens (trigger), what is done (action and its settings), for which stays. */
export const automationRuleFormSchema = z
  .object({
    name: z.string().trim().min(1, 'required').max(200, 'too_long'),
    trigger: z.enum(TRIGGERS),
    action: z.enum(ACTIONS),
    is_active: z.boolean(),
    task_template_id: z.string(),
    message_template_id: z.string(),
    recipient: z.enum(['role', 'user']),
    role_id: z.string(),
    user_id: z.string(),
    unit_id: z.string(),
    source: z.union([z.literal(''), z.enum(BOOKING_SOURCES)]),
  })
  .superRefine((values, ctx) => {
    if (values.action === 'create_task' && values.task_template_id === '')
      ctx.addIssue({ code: 'custom', path: ['task_template_id'], message: 'task_template_required' });
    if (SEND_ACTIONS.includes(values.action) && values.message_template_id === '')
      ctx.addIssue({ code: 'custom', path: ['message_template_id'], message: 'message_template_required' });
    if (values.action === 'create_invoice' && !BOOKING_TRIGGERS.includes(values.trigger))
      ctx.addIssue({ code: 'custom', path: ['trigger'], message: 'invoice_needs_booking' });
    if (values.action === 'notify_team' && values.recipient === 'role' && values.role_id === '')
      ctx.addIssue({ code: 'custom', path: ['role_id'], message: 'recipient_required' });
    if (values.action === 'notify_team' && values.recipient === 'user' && values.user_id === '')
      ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'recipient_required' });
  });
export type AutomationRuleFormInput = z.input<typeof automationRuleFormSchema>;
export type AutomationRuleFormValues = z.output<typeof automationRuleFormSchema>;

/** An automation_rules row as the screen reads it. */
export const automationRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  trigger: z.string(),
  action: z.string(),
  is_active: z.boolean(),
  action_config: z.record(z.string(), z.unknown()),
  conditions: z.record(z.string(), z.unknown()),
  last_run_at: z.string().nullable(),
  created_at: z.string(),
});
export type AutomationRule = z.infer<typeof automationRuleSchema>;

export const EMPTY_RULE_FORM: AutomationRuleFormInput = {
  name: '',
  trigger: 'check_out',
  action: 'create_task',
  is_active: true,
  task_template_id: '',
  message_template_id: '',
  recipient: 'role',
  role_id: '',
  user_id: '',
  unit_id: '',
  source: '',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const firstOf = (value: unknown) => (Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '');

export function isTrigger(value: string): value is Trigger {
  return (TRIGGERS as readonly string[]).includes(value);
}
export function isAction(value: string): value is Action {
  return (ACTIONS as readonly string[]).includes(value);
}

export function ruleToFormInput(rule: AutomationRule): AutomationRuleFormInput {
  const source = firstOf(rule.conditions.sources);
  return {
    name: rule.name,
    trigger: isTrigger(rule.trigger) ? rule.trigger : 'check_out',
    action: isAction(rule.action) ? rule.action : 'create_task',
    is_active: rule.is_active,
    task_template_id: text(rule.action_config.task_template_id),
    message_template_id: text(rule.action_config.message_template_id),
    recipient: rule.action_config.user_id ? 'user' : 'role',
    role_id: text(rule.action_config.role_id),
    user_id: text(rule.action_config.user_id),
    unit_id: firstOf(rule.conditions.unit_ids),
    source: (BOOKING_SOURCES as readonly string[]).includes(source) ? (source as (typeof BOOKING_SOURCES)[number]) : '',
  };
}

/** The row the database stores: the action's settings only (action_config) and the conditions. */
export function toRuleRow(values: AutomationRuleFormValues) {
  const actionConfig: Record<string, string> =
    values.action === 'create_task'
      ? { task_template_id: values.task_template_id }
      : SEND_ACTIONS.includes(values.action)
        ? { message_template_id: values.message_template_id }
        : values.action === 'notify_team'
          ? values.recipient === 'user'
            ? { user_id: values.user_id }
            : { role_id: values.role_id }
          : {};
  const conditions: Record<string, string[]> = {};
  if (values.unit_id !== '') conditions.unit_ids = [values.unit_id];
  if (values.source !== '') conditions.sources = [values.source];
  return {
    name: values.name,
    trigger: values.trigger,
    action: values.action,
    is_active: values.is_active,
    action_config: actionConfig,
    conditions,
  };
}

/** A run of the log, with the rule's name. */
export const automationRunSchema = z.object({
  id: z.string(),
  rule_id: z.string(),
  trigger: z.string(),
  action: z.string(),
  outcome: z.enum(['succeeded', 'failed', 'skipped']),
  error: z.string().nullable(),
  booking_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  task_id: z.string().nullable(),
  created_task_id: z.string().nullable(),
  created_invoice_id: z.string().nullable(),
  created_message_id: z.string().nullable(),
  notified: z.number().nullable(),
  created_at: z.string(),
  rule: z.object({ name: z.string() }).nullable(),
});
export type AutomationRun = z.infer<typeof automationRunSchema>;
