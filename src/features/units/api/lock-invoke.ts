import type { z } from 'zod';
import { toAppError } from '@/lib/errors';
import { knownFunctionRefusal } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';

/** The locks function's refusals the Lock tab explains itself (locks.json errors.*). */
export const LOCK_REFUSALS = [
  'fields_required',
  'passcode_invalid',
  'passcode_period_invalid',
  'lock_not_configured',
  'lock_integration_missing',
  'lock_account_rejected',
  'lock_not_found',
  'lock_no_gateway',
  'lock_passcodes_full',
  'passcode_exists',
  'passcode_period_taken',
  'passcode_not_found',
  'lock_rate_limited',
  'lock_provider_unavailable',
  'lock_provider_error',
  'unit_not_found',
  'forbidden',
] as const;
export type LockRefusalCode = (typeof LOCK_REFUSALS)[number];

/** A refusal of the locks function with its stable code. */
export class LockRefusal extends Error {
  constructor(readonly code: LockRefusalCode) {
    super(code);
    this.name = 'LockRefusal';
  }
}

/**
 * Calls /functions/v1/locks/units/<unit>/<path>. A refusal the tab knows becomes a LockRefusal;
 * anything else the app's usual error (network, session, unexpected).
 */
export async function invokeLocks<Schema extends z.ZodType>(
  unitId: string,
  path: string,
  options: { method: 'GET' | 'POST' | 'DELETE'; body?: unknown },
  schema: Schema,
): Promise<z.infer<Schema>> {
  const response = await supabase.functions.invoke<unknown>(`locks/units/${encodeURIComponent(unitId)}/${path}`, {
    method: options.method,
    body: options.body as Record<string, unknown> | undefined,
  });
  const error: unknown = response.error;
  if (error) {
    const refusal = await knownFunctionRefusal(error, LOCK_REFUSALS);
    if (refusal) throw new LockRefusal(refusal.code);
    throw toAppError(error);
  }
  return schema.parse(response.data);
}
