/** SPEC §9: at most 4 photos per unit. The database enforces it too (unit_photo_limit). */
export const MAX_UNIT_PHOTOS = 4;
export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type PhotoSelectionProblem = 'limit' | 'type' | null;

/** Why a selection of files cannot be uploaded, checked before any byte is sent. */
export function checkPhotoSelection(
  existingCount: number,
  files: readonly Pick<File, 'type'>[],
): PhotoSelectionProblem {
  if (existingCount + files.length > MAX_UNIT_PHOTOS) return 'limit';
  if (files.some((file) => !(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type))) return 'type';
  return null;
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** A fresh object name, so an upload never overwrites another photo (or a cached copy of it). */
export function photoFileName(contentType: string, id: string = crypto.randomUUID()): string {
  return `${id}.${EXTENSIONS[contentType] ?? 'jpg'}`;
}

/** `items` with the element at `from` moved to `to` (a new array; out-of-range moves change nothing). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}
