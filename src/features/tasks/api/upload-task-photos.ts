import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { unwrap } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { TASK_PHOTOS_BUCKET, taskPhotoFolder } from './get-task-photos';
import { taskKeys } from './keys';

export const TASK_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const TASK_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** A file name that never collides and never carries the user's path characters. */
export function taskPhotoName(file: File, now = Date.now()): string {
  return `${now}-${crypto.randomUUID().slice(0, 8)}.${EXTENSIONS[file.type] ?? 'jpg'}`;
}

export async function uploadTaskPhotos({
  organizationId,
  taskId,
  files,
}: {
  organizationId: string;
  taskId: string;
  files: File[];
}) {
  const folder = taskPhotoFolder(organizationId, taskId);
  for (const file of files) {
    if (!(TASK_PHOTO_TYPES as readonly string[]).includes(file.type) || file.size > TASK_PHOTO_MAX_BYTES) {
      throw toAppError({ code: '22023', message: 'invalid photo' });
    }
  }
  // One after another: a phone on site uploads more reliably than with parallel requests.
  for (const file of files) {
    await unwrap(
      supabase.storage
        .from(TASK_PHOTOS_BUCKET)
        .upload(`${folder}/${taskPhotoName(file)}`, file, { contentType: file.type, upsert: false }),
    );
  }
}

export function useUploadTaskPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTaskPhotos,
    meta: { errorTitle: 'tasks:errors.upload_failed' },
    onSettled: (_data, _error, { taskId }) => queryClient.invalidateQueries({ queryKey: taskKeys.photos(taskId) }),
  });
}
