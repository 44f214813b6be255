import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { organizationDetailSchema } from '../schemas';
import { useOrganizationMutation } from './use-organization-mutation';

/** Suspends an organisation with a reason its staff will read (admin_suspend_organization, audited). */
export function suspendOrganization({ id, reason }: { id: string; reason: string }) {
  return run(supabase.rpc('admin_suspend_organization', { organization_id: id, reason }), {
    schema: organizationDetailSchema,
  });
}

export function useSuspendOrganization() {
  return useOrganizationMutation(suspendOrganization, 'super-admin:toast.suspend_failed');
}
