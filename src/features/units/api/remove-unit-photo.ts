import { run, unwrap } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { UNIT_PHOTOS_BUCKET } from './get-unit-photos';
import { usePhotoMutation } from './use-photo-mutation';

/** Deletes the row first (what the app shows), then the file and its small copy, if any. */
export async function removeUnitPhoto({
  photoId,
  storagePath,
  smallPath,
}: {
  unitId: string;
  photoId: string;
  storagePath: string;
  smallPath?: string | null;
}) {
  await run(supabase.from('unit_photos').delete().eq('id', photoId));
  const paths = smallPath ? [storagePath, smallPath] : [storagePath];
  await unwrap(supabase.storage.from(UNIT_PHOTOS_BUCKET).remove(paths));
}

export const useRemoveUnitPhoto = () => usePhotoMutation(removeUnitPhoto);
