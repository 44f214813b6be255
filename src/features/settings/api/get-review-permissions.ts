import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { reviewKeys } from './review-keys';

/**
 * Whether the signed-in member may publish, unpublish and delete reviews (`reviews.manage`, from
 * my_permissions): only for showing the buttons — RLS checks every write itself.
 */
export async function getReviewPermissions(signal?: AbortSignal) {
  const permissions = await run(supabase.rpc('my_permissions'), { signal, schema: z.array(z.string()) });
  return { canManage: permissions.includes('reviews.manage') };
}

export function useReviewPermissions() {
  return useQuery(
    queryOptions({ queryKey: reviewKeys.permissions(), queryFn: ({ signal }) => getReviewPermissions(signal) }),
  );
}
