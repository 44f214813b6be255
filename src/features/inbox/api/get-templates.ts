import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { messageTemplateSchema } from '../schemas';
import { inboxKeys } from './inbox-keys';

/**
 * The active templates the composer offers: the manual ones (kind null) first, then the texts of
 * the automatic messages (a welcome can be sent again by hand). Edited in Settings → Messages.
 */
export async function getTemplates(signal?: AbortSignal) {
  const rows = await run(
    supabase
      .from('message_templates')
      .select('id, name, kind, whatsapp_template_name')
      .eq('active', true)
      .order('name'),
    { signal, schema: z.array(messageTemplateSchema) },
  );
  return [...rows.filter((row) => row.kind === null), ...rows.filter((row) => row.kind !== null)];
}

export function templatesQueryOptions() {
  return queryOptions({
    queryKey: inboxKeys.templates(),
    queryFn: ({ signal }) => getTemplates(signal),
    staleTime: 5 * 60_000,
  });
}

export function useTemplates(enabled: boolean) {
  return useQuery({ ...templatesQueryOptions(), enabled });
}
