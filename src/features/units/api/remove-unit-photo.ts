import { run, unwrap } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { UNIT_PHOTOS_BUCKET } from './get-unit-photos';
import { usePhotoMutation } from './use-photo-mutation';

/** Deletes the row first (what the app shows), then the file. */
export async function removeUnitPhoto({
  photoId,
  storagePath,
}: {
  unitId: string;
  photoId: string;
  storagePath: string;
}) {
  await run(supabase.from('unit_photos').delete().eq('id', photoId));
  await unwrap(supabase.storage.from(UNIT_PHOTOS_BUCKET).remove([storagePath]));
}

export const useRemoveUnitPhoto = () => usePhotoMutation(removeUnitPhoto);
