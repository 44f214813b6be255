/**
 * The variables a message template may carry, written `{{name}}`. The database keeps the same
 * list (a trigger on message_templates refuses any other name with hint template_unknown_variable)
 * and renders the values itself; this module only lets a screen list the names, flag a typo while
 * it is typed and put a variable where the cursor is. Rendering is the server's job.
 */

export const MESSAGE_VARIABLES = [
  'guest_name',
  'unit_name',
  'check_in_date',
  'check_out_date',
  'check_in_time',
  'check_out_time',
  'address',
  'map_link',
  'door_code',
  'wifi_name',
  'wifi_password',
  'total',
  'invoice_link',
  'review_link',
  'booking_reference',
  'organization_name',
] as const;

export type MessageVariable = (typeof MESSAGE_VARIABLES)[number];

const KNOWN = new Set<string>(MESSAGE_VARIABLES);

/** `{{ name }}` with optional inner spaces; the name is whatever sits between the braces. */
const VARIABLE_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

export function isMessageVariable(name: string): name is MessageVariable {
  return KNOWN.has(name);
}

/** Every variable name used in the text, in order of first appearance, each once. */
export function findVariables(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(VARIABLE_PATTERN)) seen.add(match[1] ?? '');
  return [...seen];
}

/**
 * The names in the text that are not known variables (each once, in order), e.g. a typo such as
 * `{{guestname}}` or an empty `{{}}`. An empty list means the database will accept the text.
 */
export function findUnknownVariables(text: string): string[] {
  return findVariables(text).filter((name) => !isMessageVariable(name));
}

/** `{{name}}` as it is written in a template. */
export function variableToken(name: MessageVariable): string {
  return `{{${name}}}`;
}

/**
 * Puts `{{name}}` in place of the selection [start, end) of `text` (or at the cursor when they are
 * equal) and tells where the cursor goes next: just after the inserted variable.
 */
export function insertVariable(
  text: string,
  name: MessageVariable,
  start: number = text.length,
  end: number = start,
): { text: string; cursor: number } {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end));
  const token = variableToken(name);
  return { text: text.slice(0, from) + token + text.slice(to), cursor: from + token.length };
}
