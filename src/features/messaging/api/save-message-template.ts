import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { toTemplateRow, type MessageTemplateFormValues } from '../lib/message-template-schema';
import { messagingKeys } from './messaging-keys';

export interface SaveMessageTemplateInput {
  /** Absent: a new template. */
  id?: string;
  /** What the form's schema (messageTemplateFormSchema) made of the inputs. */
  values: MessageTemplateFormValues;
}

/** Creates or updates a template (settings.manage); the database refuses unknown variables. */
export async function saveMessageTemplate({ id, values }: SaveMessageTemplateInput): Promise<void> {
  const row = toTemplateRow(values);
  if (id) await run(supabase.from('message_templates').update(row).eq('id', id));
  else await run(supabase.from('message_templates').insert(row));
}

export function useSaveMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessageTemplate,
    retry: false,
    // The dialog shows why (an unknown variable by name, a name already used).
    meta: { skipErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagingKeys.templates() }),
  });
}
