import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { ClientFormValues } from '../schemas';
import { onboardingKeys } from './keys';
import { newestOfOrganization, useWizardInsert, useWizardList } from './wizard-rows';

export interface ClientSummary {
  id: string;
  name: string;
}

export function getClients(organizationId: string, signal?: AbortSignal): Promise<ClientSummary[]> {
  return run(newestOfOrganization(supabase.from('clients').select('id, name'), organizationId), { signal });
}

export function useOnboardingClients(organizationId: string | undefined) {
  return useWizardList(onboardingKeys.clients, getClients, organizationId);
}

/** The guest step's fields; language, VIP and member-since keep their database defaults. */
export async function createClientRow(input: ClientFormValues & { organizationId: string }): Promise<ClientSummary> {
  const request = supabase
    .from('clients')
    .insert({
      organization_id: input.organizationId,
      name: input.name,
      phone: input.phone,
      email: input.email || null,
      national_id: input.national_id || null,
      passport_number: input.passport_number || null,
    })
    .select('id, name')
    .single();
  return run(request);
}

export function useCreateClient() {
  return useWizardInsert(createClientRow, 'clients');
}
