import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { usePhotoMutation } from './use-photo-mutation';

/** Makes one photo the main one; the database demotes the previous main photo. */
export async function setMainUnitPhoto({ photoId }: { unitId: string; photoId: string }) {
  await run(supabase.from('unit_photos').update({ is_main: true }).eq('id', photoId));
}

export const useSetMainUnitPhoto = () => usePhotoMutation(setMainUnitPhoto);
