import { publicRestConfig } from '@/lib/public-rest';

/** Storage bucket of unit photos (public: the booking page shows them). */
export const UNIT_PHOTOS_BUCKET = 'unit-photos';

/**
 * The bucket is public, so a plain URL is enough; staff screens and the booking page use the same.
 * Built by hand (the same `/storage/v1/object/public/<bucket>/<path>` supabase-js'
 * `getPublicUrl` returns) so the visitor's page need not load supabase-js to show a photo.
 */
export function unitPhotoUrl(storagePath: string): string {
  const path = storagePath.replace(/^\/+|\/+$/g, '');
  return `${publicRestConfig().url}/storage/v1/object/public/${UNIT_PHOTOS_BUCKET}/${path}`;
}
