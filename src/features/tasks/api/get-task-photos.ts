import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { taskKeys } from './keys';

export const TASK_PHOTOS_BUCKET = 'task-photos';
/** Signed URLs outlive a working session on site; the query refreshes them before they lapse. */
const SIGNED_URL_SECONDS = 60 * 60;

export function taskPhotoFolder(organizationId: string, taskId: string): string {
  return `${organizationId}/${taskId}`;
}

/** The result photos of a task (private bucket), newest first, with signed URLs to show them. */
export async function getTaskPhotos(organizationId: string, taskId: string, signal?: AbortSignal) {
  const folder = taskPhotoFolder(organizationId, taskId);
  const bucket = supabase.storage.from(TASK_PHOTOS_BUCKET);
  const listed = await unwrap(
    bucket.list(folder, { sortBy: { column: 'created_at', order: 'desc' }, limit: 100 }, { signal }),
  );
  const files = listed.filter((file) => file.id !== null);
  if (files.length === 0) return [];
  const paths = files.map((file) => `${folder}/${file.name}`);
  const signed = await unwrap(bucket.createSignedUrls(paths, SIGNED_URL_SECONDS));
  return files.map((file, index) => ({
    name: file.name,
    path: paths[index]!,
    url: signed[index]?.signedUrl ?? null,
    createdAt: file.created_at,
  }));
}

export type TaskPhoto = Awaited<ReturnType<typeof getTaskPhotos>>[number];

export function taskPhotosQueryOptions(organizationId: string, taskId: string) {
  return queryOptions({
    queryKey: taskKeys.photos(taskId),
    queryFn: ({ signal }) => getTaskPhotos(organizationId, taskId, signal),
    staleTime: (SIGNED_URL_SECONDS / 2) * 1000,
  });
}

export function useTaskPhotos(organizationId: string, taskId: string) {
  return useQuery(taskPhotosQueryOptions(organizationId, taskId));
}
