import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { usePhotoMutation } from './use-photo-mutation';

/** Saves a new order: `orderedIds[i]` gets position i. */
export async function reorderUnitPhotos({ orderedIds }: { unitId: string; orderedIds: string[] }) {
  await Promise.all(
    orderedIds.map((id, position) => run(supabase.from('unit_photos').update({ position }).eq('id', id))),
  );
}

export const useReorderUnitPhotos = () => usePhotoMutation(reorderUnitPhotos);
