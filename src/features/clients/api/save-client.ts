import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';
import type { Tables } from '@/types/database';
import type { ClientFormOutput } from '../schemas';

/**
 * Create (no id) or update a client with the output of the form's schema (already validated and
 * normalised); the database checks the same rules again. The form shows failures itself (no toast).
 */
export async function saveClient({
  id,
  values: row,
}: {
  id?: string;
  values: ClientFormOutput;
}): Promise<Tables<'clients'>> {
  const request = id
    ? supabase.from('clients').update(row).eq('id', id).select('*').single()
    : supabase.from('clients').insert(row).select('*').single();
  return run(request);
}

export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClient,
    // An insert is not idempotent: never repeat it behind the user's back.
    retry: false,
    meta: { skipErrorToast: true },
    // Guest names show on bookings and in the guest picker too.
    onSuccess: () => invalidateAfterWrite(queryClient, ['clients']),
  });
}
