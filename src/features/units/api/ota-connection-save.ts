import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError } from '@/lib/errors';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';
import { otaConnectionSchema, toOtaConnectionRow, type OtaConnectionInput } from './ota-connection-schema';

export interface SaveOtaConnection {
  /** The connection edited; absent to add one. */
  id?: string;
  values: OtaConnectionInput;
}

/**
 * Adds or edits a connection, then stores the API key / secret typed (blank keeps the stored
 * one) through set_ota_credentials — only after the row is saved, so a refused row stores none.
 */
export async function saveOtaConnection({ id, values }: SaveOtaConnection): Promise<{ id: string }> {
  const parsed = otaConnectionSchema.parse(values);
  const row = toOtaConnectionRow(parsed);
  const saved = id
    ? await run(supabase.from('ota_connections').update(row).eq('id', id).select('id').single())
    : await run(supabase.from('ota_connections').insert(row).select('id').single());
  if (parsed.api_key !== '' || parsed.api_secret !== '') {
    await run(
      supabase.rpc('set_ota_credentials', {
        connection_id: saved.id,
        api_key: parsed.api_key === '' ? undefined : parsed.api_key,
        api_secret: parsed.api_secret === '' ? undefined : parsed.api_secret,
      }),
    );
  }
  return saved;
}

/**
 * The database's refusal of a second connection of one platform for a unit: PT409 with HINT
 * ota_platform_taken from the trigger, or the unique index's 23505 when two saves race.
 */
export function isOtaPlatformTaken(error: unknown): boolean {
  const cause = (error instanceof AppError ? error.cause : error) as
    { hint?: unknown; code?: unknown; message?: unknown } | null | undefined;
  if (!cause || typeof cause !== 'object') return false;
  if (cause.hint === 'ota_platform_taken') return true;
  return cause.code === '23505' && String(cause.message).includes('ota_connections_unit_platform_key');
}

export function useSaveOtaConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOtaConnection,
    // The dialog shows the refusal beside the form.
    meta: { skipErrorToast: true },
    // The Channels tab of the unit reads the same rows (under the units root).
    onSettled: () => invalidateAfterWrite(queryClient, ['units']),
  });
}
