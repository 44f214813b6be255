import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { organizationDetailSchema, type BillingCycle, type Plan } from '../schemas';
import { useOrganizationMutation } from './use-organization-mutation';

/** Changes an organisation's plan and billing cycle (admin_set_organization_plan, audited). */
export function setOrganizationPlan({ id, plan, cycle }: { id: string; plan: Plan; cycle: BillingCycle }) {
  return run(supabase.rpc('admin_set_organization_plan', { organization_id: id, plan, billing_cycle: cycle }), {
    schema: organizationDetailSchema,
  });
}

export function useSetOrganizationPlan() {
  return useOrganizationMutation(setOrganizationPlan, 'super-admin:toast.plan_failed');
}
