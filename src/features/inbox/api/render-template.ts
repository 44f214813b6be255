import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { renderedMessageSchema } from '../schemas';
import { inboxKeys } from './inbox-keys';

/** A template as this guest would receive it: their language, their stay's values (the server renders). */
export async function renderTemplate(
  templateId: string,
  bookingId: string | null,
  language: string,
  signal?: AbortSignal,
) {
  return run(
    supabase.rpc('render_message_template', {
      template_id: templateId,
      booking_id: bookingId ?? undefined,
      language,
    }),
    { signal, schema: renderedMessageSchema },
  );
}

export function renderedTemplateQueryOptions(templateId: string, bookingId: string | null, language: string) {
  return queryOptions({
    queryKey: inboxKeys.rendered(templateId, bookingId, language),
    queryFn: ({ signal }) => renderTemplate(templateId, bookingId, language, signal),
    staleTime: 60_000,
    // The composer copies the preview into the draft once; nothing to refresh behind the user's back.
    refetchOnWindowFocus: false,
  });
}

export function useRenderedTemplate(templateId: string | null, bookingId: string | null, language: string) {
  return useQuery({
    ...renderedTemplateQueryOptions(templateId ?? '', bookingId, language),
    enabled: templateId !== null,
  });
}
