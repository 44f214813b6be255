import { useMutation, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { unitKeys } from './keys';

/** The private bucket of unit documents (migration 20261129600100): read through signed URLs only. */
export const UNIT_DOCUMENTS_BUCKET = 'unit-documents';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * Stores the licence's photo or PDF under {organization}/{unit}/ (the folder the storage policies
 * allow) with a fresh name, so a replaced document never serves an old cached copy.
 */
export async function uploadLicenceDocument({
  organizationId,
  unitId,
  file,
}: {
  organizationId: string;
  unitId: string;
  file: File;
}): Promise<string> {
  const extension = EXTENSIONS[file.type] ?? 'bin';
  const path = `${organizationId}/${unitId}/licence-${crypto.randomUUID()}.${extension}`;
  await unwrap(
    supabase.storage.from(UNIT_DOCUMENTS_BUCKET).upload(path, file, { contentType: file.type, upsert: false }),
  );
  return path;
}

export function useUploadLicenceDocument() {
  return useMutation({ mutationFn: uploadLicenceDocument, meta: { skipErrorToast: true } });
}

/** Removes a document no longer referenced (after it was replaced or removed). */
export async function removeLicenceDocument(path: string) {
  await unwrap(supabase.storage.from(UNIT_DOCUMENTS_BUCKET).remove([path]));
}

/** A link to the document valid for ten minutes (staff of the unit's organisation with units.read). */
export async function getLicenceDocumentUrl(path: string): Promise<string> {
  const data = await unwrap(supabase.storage.from(UNIT_DOCUMENTS_BUCKET).createSignedUrl(path, 600));
  return data.signedUrl;
}

export function useLicenceDocumentUrl(unitId: string, path: string | null) {
  return useQuery({
    queryKey: [...unitKeys.detail(unitId), 'licence-document', path] as const,
    queryFn: () => getLicenceDocumentUrl(path ?? ''),
    enabled: Boolean(path),
    staleTime: 5 * 60 * 1000,
  });
}
