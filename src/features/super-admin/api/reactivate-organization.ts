import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { organizationDetailSchema } from '../schemas';
import { useOrganizationMutation } from './use-organization-mutation';

/** Lifts an organisation's suspension (admin_reactivate_organization, audited). */
export function reactivateOrganization({ id }: { id: string }) {
  return run(supabase.rpc('admin_reactivate_organization', { organization_id: id }), {
    schema: organizationDetailSchema,
  });
}

export function useReactivateOrganization() {
  return useOrganizationMutation(reactivateOrganization, 'super-admin:toast.reactivate_failed');
}
