import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { usePhotoMutation } from './use-photo-mutation';

/** Saves a new order: `orderedIds[i]` gets position i. */
export async function reorderUnitPhotos({ orderedIds }: { unitId: string; orderedIds: string[] }) {
  const results = await Promise.all(
    orderedIds.map((id, position) => supabase.from('unit_photos').update({ position }).eq('id', id)),
  );
  const failed = results.find((result) => result.error);
  if (failed?.error) throw toAppError(failed.error);
}

export const useReorderUnitPhotos = () => usePhotoMutation(reorderUnitPhotos);
