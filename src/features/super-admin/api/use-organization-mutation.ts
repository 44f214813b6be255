import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TranslationKey } from '@/lib/query-client';
import type { OrganizationDetail } from '../schemas';
import { superAdminKeys } from './keys';

/**
 * A write of the super administrator on an organisation (plan, suspend, reactivate): its answer is
 * the organisation's new detail; the lists, the health counts and the audit log may all have changed.
 */
export function useOrganizationMutation<Input extends { id: string }>(
  mutationFn: (input: Input) => Promise<OrganizationDetail>,
  errorTitle: TranslationKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorTitle },
    onSuccess: (detail, input) => queryClient.setQueryData(superAdminKeys.organization(input.id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: superAdminKeys.all }),
  });
}
