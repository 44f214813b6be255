import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invitationPreviewSchema, type InvitationPreview } from '../schemas';
import { userKeys } from './keys';

/** What the invitation page shows before anyone signs in (invitation_preview; 404 for an unknown token). */
export async function getInvitationPreview(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  const rows = await run(supabase.rpc('invitation_preview', { token }), {
    signal,
    schema: z.array(invitationPreviewSchema),
  });
  const [preview] = rows;
  if (!preview) throw new AppError('not_found');
  return preview;
}

export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: userKeys.invitation(token),
    queryFn: ({ signal }) => getInvitationPreview(token, signal),
  });
}

export function useInvitationPreview(token: string) {
  return useQuery(invitationPreviewQueryOptions(token));
}
