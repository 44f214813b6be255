import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { automationKeys } from './keys';

const choicesSchema = {
  messageTemplates: z.array(z.object({ id: z.string(), name: z.string(), active: z.boolean() })),
  roles: z.array(z.object({ id: z.string(), name: z.string(), key: z.string().nullable() })),
  staff: z.array(z.object({ user_id: z.string(), full_name: z.string().nullable(), email: z.string().nullable() })),
  vendors: z.array(
    z.object({
      vendor_id: z.string(),
      vendor: z.object({ name: z.string(), name_ar: z.string().nullable() }).nullable(),
    }),
  ),
  units: z.array(z.object({ id: z.string(), name: z.string(), name_ar: z.string().nullable() })),
};

export interface AutomationChoices {
  messageTemplates: z.infer<typeof choicesSchema.messageTemplates>;
  roles: z.infer<typeof choicesSchema.roles>;
  staff: z.infer<typeof choicesSchema.staff>;
  vendors: z.infer<typeof choicesSchema.vendors>;
  units: z.infer<typeof choicesSchema.units>;
}

/**
 * What the rule and template dialogs offer: the message templates, roles, active staff, the
 * organisation's vendors and its units. Each list is what the reader may see (RLS); a list they
 * may not read comes back empty.
 */
export async function getAutomationChoices({ signal }: { signal?: AbortSignal } = {}): Promise<AutomationChoices> {
  const [messageTemplates, roles, staff, vendors, units] = await Promise.all([
    run(supabase.from('message_templates').select('id, name, active').order('name'), {
      signal,
      schema: choicesSchema.messageTemplates,
    }),
    run(supabase.from('roles').select('id, name, key').order('created_at'), { signal, schema: choicesSchema.roles }),
    run(
      supabase
        .from('profiles')
        .select('user_id, full_name, email')
        .eq('kind', 'staff')
        .eq('status', 'active')
        .order('full_name'),
      { signal, schema: choicesSchema.staff },
    ),
    run(supabase.from('organization_vendors').select('vendor_id, vendor:vendors(name, name_ar)'), {
      signal,
      schema: choicesSchema.vendors,
    }),
    run(supabase.from('units').select('id, name, name_ar').order('name'), { signal, schema: choicesSchema.units }),
  ]);
  return { messageTemplates, roles, staff, vendors, units };
}

export const automationChoicesQueryOptions = () =>
  queryOptions({ queryKey: automationKeys.choices(), queryFn: ({ signal }) => getAutomationChoices({ signal }) });

export function useAutomationChoices(options: { enabled?: boolean } = {}) {
  return useQuery({ ...automationChoicesQueryOptions(), enabled: options.enabled ?? true });
}
