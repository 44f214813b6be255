import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { unitKeys } from './keys';

export { UNIT_PHOTOS_BUCKET, unitPhotoUrl } from '@/lib/unit-photos';

export function getUnitPhotos(unitId: string, signal?: AbortSignal) {
  return run(
    supabase
      .from('unit_photos')
      .select('id, storage_path, small_path, caption, is_main, position, created_at')
      .eq('unit_id', unitId)
      .order('position')
      .order('created_at'),
    { signal },
  );
}

export type UnitPhoto = Awaited<ReturnType<typeof getUnitPhotos>>[number];

export function unitPhotosQueryOptions(unitId: string) {
  return queryOptions({ queryKey: unitKeys.photos(unitId), queryFn: ({ signal }) => getUnitPhotos(unitId, signal) });
}

export function useUnitPhotos(unitId: string) {
  return useQuery(unitPhotosQueryOptions(unitId));
}
