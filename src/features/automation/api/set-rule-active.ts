import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { automationKeys } from './keys';

/** Switches a rule on or off (automations.write): off, its events do nothing. */
export async function setRuleActive({ id, isActive }: { id: string; isActive: boolean }): Promise<void> {
  await run(supabase.from('automation_rules').update({ is_active: isActive }).eq('id', id));
}

export function useSetRuleActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRuleActive,
    retry: false,
    meta: { errorTitle: 'automation:errors.save_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.rules() }),
  });
}
