import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run, unwrap } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { MAX_UNIT_PHOTOS, photoFileName } from '../lib/photos';
import { resizeImage, SMALL_PHOTO_WIDTH, smallPhotoPath } from '../lib/resize-image';
import { UNIT_PHOTOS_BUCKET } from './get-unit-photos';
import { unitKeys } from './keys';

export class PhotoLimitError extends Error {
  constructor() {
    super('unit_photo_limit');
    this.name = 'PhotoLimitError';
  }
}

interface UploadInput {
  organizationId: string;
  unitId: string;
  files: File[];
  /** Photos the unit already has (the database checks the limit again, under a row lock). */
  existingCount: number;
}

/**
 * Resizes each image in the browser, stores it under {organization}/{unit}/ (the folder the
 * storage policies allow) with its small copy beside it (at most SMALL_PHOTO_WIDTH wide, for
 * cards on phones) and records both in unit_photos after the last one, in order. The files of a
 * refused row are removed again, so storage never keeps photos nobody can see.
 */
export async function uploadUnitPhotos({ organizationId, unitId, files, existingCount }: UploadInput) {
  if (existingCount + files.length > MAX_UNIT_PHOTOS) throw new PhotoLimitError();
  const bucket = supabase.storage.from(UNIT_PHOTOS_BUCKET);
  for (const [index, file] of files.entries()) {
    const resized = await resizeImage(file);
    const small = await resizeImage(file, { maxWidth: SMALL_PHOTO_WIDTH });
    const path = `${organizationId}/${unitId}/${photoFileName(resized.type)}`;
    const smallPath = smallPhotoPath(path);
    await unwrap(bucket.upload(path, resized, { contentType: resized.type, upsert: false }));
    try {
      await unwrap(bucket.upload(smallPath, small, { contentType: small.type, upsert: false }));
      await run(
        supabase.from('unit_photos').insert({
          unit_id: unitId,
          storage_path: path,
          small_path: smallPath,
          position: existingCount + index,
        }),
      );
    } catch (error) {
      await bucket.remove([path, smallPath]);
      throw error;
    }
  }
}

export function useUploadUnitPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadUnitPhotos,
    // The photo manager says "Failed to upload/remove photos" itself.
    meta: { skipErrorToast: true },
    // A resized upload is not idempotent (a new file name each time): never retried blindly.
    retry: false,
    onSettled: (_data, _error, { unitId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unitKeys.photos(unitId) }),
        queryClient.invalidateQueries({ queryKey: unitKeys.lists() }),
      ]),
  });
}
