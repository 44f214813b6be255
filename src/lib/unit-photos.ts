import { supabase } from '@/lib/supabase';

/** Storage bucket of unit photos (public: the booking page shows them). */
export const UNIT_PHOTOS_BUCKET = 'unit-photos';

/** The bucket is public, so a plain URL is enough; staff screens and the booking page use the same. */
export function unitPhotoUrl(storagePath: string): string {
  return supabase.storage.from(UNIT_PHOTOS_BUCKET).getPublicUrl(storagePath).data.publicUrl;
}
