import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { unitKeys } from './keys';

export const UNIT_PHOTOS_BUCKET = 'unit-photos';

/** The bucket is public (the booking page shows photos), so a plain URL is enough. */
export function unitPhotoUrl(storagePath: string): string {
  return supabase.storage.from(UNIT_PHOTOS_BUCKET).getPublicUrl(storagePath).data.publicUrl;
}

export async function getUnitPhotos(unitId: string, signal?: AbortSignal) {
  let query = supabase
    .from('unit_photos')
    .select('id, storage_path, caption, is_main, position, created_at')
    .eq('unit_id', unitId)
    .order('position')
    .order('created_at');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw toAppError(error);
  return data;
}

export type UnitPhoto = Awaited<ReturnType<typeof getUnitPhotos>>[number];

export function unitPhotosQueryOptions(unitId: string) {
  return queryOptions({ queryKey: unitKeys.photos(unitId), queryFn: ({ signal }) => getUnitPhotos(unitId, signal) });
}

export function useUnitPhotos(unitId: string) {
  return useQuery(unitPhotosQueryOptions(unitId));
}
