import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { usePhotoMutation } from './use-photo-mutation';

/** Makes one photo the main one; the database demotes the previous main photo. */
export async function setMainUnitPhoto({ photoId }: { unitId: string; photoId: string }) {
  const { error } = await supabase.from('unit_photos').update({ is_main: true }).eq('id', photoId);
  if (error) throw toAppError(error);
}

export const useSetMainUnitPhoto = () => usePhotoMutation(setMainUnitPhoto);
