import { AppError } from '@/lib/errors';

/** A refusal of a template the dialog explains itself (messaging.json errors.*). */
export type TemplateRefusal = { code: 'unknown_variable'; name: string } | { code: 'name_taken' } | null;

function shapeOf(value: unknown): { code?: unknown; message?: unknown; hint?: unknown; details?: unknown } {
  return typeof value === 'object' && value !== null ? value : {};
}

/**
 * The database's answer to a template write, read for what the form can say about it:
 * private.fail('Unknown template variable: {{x}}', 'template_unknown_variable', 'PT400') names
 * the variable; a unique violation on the name means another template has it. Anything else: null.
 */
export function templateRefusal(error: unknown): TemplateRefusal {
  const original = error instanceof AppError ? error.cause : error;
  const shape = shapeOf(original);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (text(shape.hint) === 'template_unknown_variable') {
    const name = /\{\{\s*([^{}]*?)\s*\}\}/.exec(text(shape.message))?.[1] ?? '';
    return { code: 'unknown_variable', name };
  }
  if (text(shape.code) === '23505' && /name_key|, name\)/.test(`${text(shape.message)} ${text(shape.details)}`)) {
    return { code: 'name_taken' };
  }
  return null;
}
