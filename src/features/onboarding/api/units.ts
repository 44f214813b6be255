import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { UnitFormValues } from '../schemas';
import { onboardingKeys } from './keys';
import { newestOfOrganization, useWizardInsert, useWizardList } from './wizard-rows';

export interface UnitSummary {
  id: string;
  name: string;
  price_per_night: number;
}

export function getUnits(organizationId: string, signal?: AbortSignal): Promise<UnitSummary[]> {
  return run(newestOfOrganization(supabase.from('units').select('id, name, price_per_night'), organizationId), {
    signal,
  });
}

export function useOnboardingUnits(organizationId: string | undefined) {
  return useWizardList(onboardingKeys.units, getUnits, organizationId);
}

/** The property step's five fields; everything else keeps its database default until edited in Units. */
export async function createUnit(input: UnitFormValues & { organizationId: string }): Promise<UnitSummary> {
  const request = supabase
    .from('units')
    .insert({
      organization_id: input.organizationId,
      name: input.name,
      type: input.type,
      price_per_night: input.price_per_night,
      max_guests: input.max_guests,
      address_city: input.address_city || null,
    })
    .select('id, name, price_per_night')
    .single();
  return run(request);
}

export function useCreateUnit() {
  return useWizardInsert(createUnit, 'units');
}
