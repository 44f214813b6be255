import { useMutation } from '@tanstack/react-query';
import { logoProblem } from '@/domain/public-site';
import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/**
 * Uploads a logo to the org-assets bucket under the organisation's folder (the storage policies
 * let only its public_site.manage or settings.manage staff write there; the bucket takes PNG,
 * JPEG and WebP up to 2 MiB) and returns its public URL. A new name each time, so browsers and
 * caches never show the previous logo.
 */
export async function uploadPublicSiteLogo({ organizationId, file }: { organizationId: string; file: File }) {
  const problem = logoProblem(file);
  if (problem) throw new AppError('rule', { code: problem, messageKey: `errors.invalid_input` });
  const path = `${organizationId}/logo-${Date.now().toString(36)}.${EXTENSIONS[file.type] ?? 'png'}`;
  const bucket = supabase.storage.from('org-assets');
  const { error } = await bucket.upload(path, file, {
    contentType: file.type,
    cacheControl: '31536000',
    upsert: false,
  });
  if (error) throw toAppError(error);
  return bucket.getPublicUrl(path).data.publicUrl;
}

export function useUploadPublicSiteLogo() {
  return useMutation({ mutationFn: uploadPublicSiteLogo, retry: false, meta: { skipErrorToast: true } });
}
