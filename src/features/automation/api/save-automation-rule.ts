import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { toRuleRow, type AutomationRuleFormValues } from '../lib/automation-schema';
import { automationKeys } from './keys';

export interface SaveAutomationRuleInput {
  /** Absent: a new rule. */
  id?: string;
  values: AutomationRuleFormValues;
}

/** Creates or updates a rule (automations.write); the database checks the action's settings again. */
export async function saveAutomationRule({ id, values }: SaveAutomationRuleInput): Promise<void> {
  const row = toRuleRow(values);
  if (id) await run(supabase.from('automation_rules').update(row).eq('id', id));
  else await run(supabase.from('automation_rules').insert(row));
}

export function useSaveAutomationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutomationRule,
    retry: false,
    // The dialog says why.
    meta: { skipErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.rules() }),
  });
}
