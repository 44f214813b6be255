import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { UNIT_PHOTOS_BUCKET } from './get-unit-photos';
import { unitKeys } from './keys';

/** SQLSTATE foreign_key_violation: bookings still point at the unit (bookings keep their history). */
const FOREIGN_KEY_VIOLATION = '23503';

export function isUnitInUseError(error: unknown): boolean {
  return toAppError(error).code === FOREIGN_KEY_VIOLATION;
}

/**
 * Deletes the unit (its photos' rows, passcodes and channel links go with it). The database
 * refuses while bookings reference it; the dialog explains that instead of a generic message.
 * Photo files are removed from storage after the row is gone, so a refused delete keeps them.
 */
export async function deleteUnit(id: string) {
  const photos = await run(supabase.from('unit_photos').select('storage_path').eq('unit_id', id));
  await run(supabase.from('units').delete().eq('id', id));
  if (photos.length > 0) {
    // The unit is gone; a file left behind is only wasted space, never shown again.
    await supabase.storage.from(UNIT_PHOTOS_BUCKET).remove(photos.map((photo) => photo.storage_path));
  }
}

export function useDeleteUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUnit,
    meta: { skipErrorToast: true },
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: unitKeys.detail(id) });
      await invalidateAfterWrite(queryClient, ['units']);
    },
  });
}
