import { toAppError } from '@/lib/errors';
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
  const { error } = await supabase.from('unit_photos').delete().eq('id', photoId);
  if (error) throw toAppError(error);
  const { error: storageError } = await supabase.storage.from(UNIT_PHOTOS_BUCKET).remove([storagePath]);
  if (storageError) throw toAppError(storageError);
}

export const useRemoveUnitPhoto = () => usePhotoMutation(removeUnitPhoto);
