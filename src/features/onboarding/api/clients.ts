import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { normalizeClientPhone, type ClientFormValues } from '../schemas';
import { onboardingKeys } from './keys';

export interface ClientSummary {
  id: string;
  name: string;
}

export async function getClients(organizationId: string, signal?: AbortSignal): Promise<ClientSummary[]> {
  const { data, error } = await supabase
    .from('clients')
    .select('id, name')
    .eq('organization_id', organizationId)
    .order('created_at', { ascending: false })
    .limit(50)
    .abortSignal(signal ?? new AbortController().signal);
  if (error) throw toAppError(error);
  return data;
}

export function clientsQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: onboardingKeys.clients(organizationId), queryFn: ({ signal }) => getClients(organizationId, signal) });
}

export function useOnboardingClients(organizationId: string | undefined) {
  return useQuery({ ...clientsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}

export async function createClientRow(input: ClientFormValues & { organizationId: string }): Promise<ClientSummary> {
  const { data, error } = await supabase
    .from('clients')
    .insert({
      organization_id: input.organizationId,
      name: input.name,
      phone: normalizeClientPhone(input.phone),
      email: input.email || null,
      national_id: input.national_id || null,
      passport_number: input.passport_number || null,
    })
    .select('id, name')
    .single();
  if (error) throw toAppError(error);
  return data;
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClientRow,
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
