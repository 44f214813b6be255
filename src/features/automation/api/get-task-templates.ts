import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { taskTemplateSchema } from '../lib/automation-schema';
import { automationKeys } from './keys';

/** The organisation's task templates by name (automations.read). */
export async function getTaskTemplates({ signal }: { signal?: AbortSignal } = {}) {
  return await run(
    supabase
      .from('task_templates')
      .select(
        'id, name, title, title_ar, description, description_ar, type, priority, due_rule, due_hours, assign_to, vendor_category, vendor_id, assignee_id',
      )
      .order('name'),
    { signal, schema: z.array(taskTemplateSchema) },
  );
}

export const taskTemplatesQueryOptions = () =>
  queryOptions({ queryKey: automationKeys.taskTemplates(), queryFn: ({ signal }) => getTaskTemplates({ signal }) });

export function useTaskTemplates(options: { enabled?: boolean } = {}) {
  return useQuery({ ...taskTemplatesQueryOptions(), enabled: options.enabled ?? true });
}
