import { AppError } from '@/lib/errors';

/** The database's refusals of rules and task templates the dialogs explain themselves (automation.json refusals.*). */
export const KNOWN_REFUSALS = [
  'automation_task_template_required',
  'automation_message_template_required',
  'automation_action_trigger_mismatch',
  'automation_recipient_required',
  'automation_action_unsupported',
  'automation_conditions_invalid',
  'task_template_unknown_variable',
  'task_template_vendor_required',
  'task_template_assignee_required',
  'task_template_in_use',
  'name_taken',
] as const;
export type AutomationRefusal = (typeof KNOWN_REFUSALS)[number];

/**
 * What a refused write of a rule or task template means, as a key the screen translates: the
 * stable hint of private.fail(), or 'name_taken' for a unique name already used. Null otherwise.
 */
export function automationRefusal(error: unknown): AutomationRefusal | null {
  const original = error instanceof AppError ? error.cause : error;
  const shape: { code?: unknown; hint?: unknown; message?: unknown; details?: unknown } =
    typeof original === 'object' && original !== null ? original : {};
  const hint = typeof shape.hint === 'string' ? shape.hint : '';
  if ((KNOWN_REFUSALS as readonly string[]).includes(hint)) return hint as AutomationRefusal;
  const asText = (value: unknown) => (typeof value === 'string' ? value : '');
  const text = `${asText(shape.message)} ${asText(shape.details)}`;
  if (shape.code === '23505' && /name_key/.test(text)) return 'name_taken';
  return null;
}
