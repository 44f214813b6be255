import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { UnitFormValues } from '../schemas';
import { onboardingKeys } from './keys';

export interface UnitSummary {
  id: string;
  name: string;
  price_per_night: number;
}

/** The organisation's units, newest first (SPEC §7), as far as the wizard needs them. */
export async function getUnits(organizationId: string, signal?: AbortSignal): Promise<UnitSummary[]> {
  const { data, error } = await supabase
    .from('units')
    .select('id, name, price_per_night')
    .eq('organization_id', organizationId)
    .order('created_at', { ascending: false })
    .limit(50)
    .abortSignal(signal ?? new AbortController().signal);
  if (error) throw toAppError(error);
  return data;
}

export function unitsQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: onboardingKeys.units(organizationId), queryFn: ({ signal }) => getUnits(organizationId, signal) });
}

export function useOnboardingUnits(organizationId: string | undefined) {
  return useQuery({ ...unitsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}

export async function createUnit(input: UnitFormValues & { organizationId: string }): Promise<UnitSummary> {
  const { data, error } = await supabase
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
  if (error) throw toAppError(error);
  return data;
}

export function useCreateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUnit,
    retry: false,
    meta: { skipErrorToast: true },
    // Every screen listing units (ours, and the units feature under its own keys) refetches.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
