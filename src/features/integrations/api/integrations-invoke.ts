import type { z } from 'zod';
import { toAppError } from '@/lib/errors';
import { knownFunctionRefusal } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';

/** The functions' refusals the tab explains itself (integrations.json errors.*). */
export const INTEGRATION_REFUSALS = [
  'lock_integration_missing',
  'lock_account_rejected',
  'lock_rate_limited',
  'lock_provider_unavailable',
  'lock_provider_error',
  'messaging_provider_not_connected',
  'messaging_provider_rejected',
  'forbidden',
] as const;
export type IntegrationRefusalCode = (typeof INTEGRATION_REFUSALS)[number];

/** A refusal of the locks, ical or messaging function with its stable code. */
export class IntegrationRefusal extends Error {
  constructor(readonly code: IntegrationRefusalCode) {
    super(code);
    this.name = 'IntegrationRefusal';
  }
}

/**
 * POSTs to /functions/v1/<path> (locks/account/test, ical/test, messaging/providers/test) with an
 * optional JSON body. A refusal the tab knows becomes an IntegrationRefusal; anything else the
 * app's usual error (network, session, unexpected).
 */
export async function invokeIntegration<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  body?: Record<string, unknown>,
): Promise<z.infer<Schema>> {
  const response = await supabase.functions.invoke<unknown>(path, { method: 'POST', ...(body ? { body } : {}) });
  const error: unknown = response.error;
  if (error) {
    const refusal = await knownFunctionRefusal(error, INTEGRATION_REFUSALS);
    if (refusal) throw new IntegrationRefusal(refusal.code);
    throw toAppError(error);
  }
  return schema.parse(response.data);
}
