import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { messageTemplateSchema } from '../lib/message-template-schema';
import { messagingKeys } from './messaging-keys';

/** The organisation's message templates, manual and automatic, by name (RLS: messages.read). */
export async function getMessageTemplates({ signal }: { signal?: AbortSignal } = {}) {
  return await run(
    supabase
      .from('message_templates')
      .select(
        'id, name, kind, subject_en, subject_ar, body_en, body_ar, whatsapp_template_name, whatsapp_params, active, updated_at',
      )
      .order('name'),
    { signal, schema: z.array(messageTemplateSchema) },
  );
}

export const messageTemplatesQueryOptions = () =>
  queryOptions({ queryKey: messagingKeys.templates(), queryFn: ({ signal }) => getMessageTemplates({ signal }) });

export function useMessageTemplates(options: { enabled?: boolean } = {}) {
  return useQuery({ ...messageTemplatesQueryOptions(), enabled: options.enabled ?? true });
}
