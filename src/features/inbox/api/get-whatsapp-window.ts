import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { whatsappWindowSchema } from '../schemas';
import { inboxKeys } from './inbox-keys';

/** Whether free text may go out on WhatsApp now (the guest wrote within 24 h), and until when. */
export async function getWhatsappWindow(clientId: string, signal?: AbortSignal) {
  return run(supabase.rpc('whatsapp_window', { client_id: clientId }), { signal, schema: whatsappWindowSchema });
}

export function whatsappWindowQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: inboxKeys.whatsappWindow(clientId),
    queryFn: ({ signal }) => getWhatsappWindow(clientId, signal),
    refetchOnWindowFocus: true,
  });
}

export function useWhatsappWindow(clientId: string | null) {
  return useQuery({ ...whatsappWindowQueryOptions(clientId ?? ''), enabled: clientId !== null });
}
