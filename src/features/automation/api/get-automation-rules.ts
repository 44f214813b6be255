import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { automationRuleSchema } from '../lib/automation-schema';
import { automationKeys } from './keys';

/** The organisation's automation rules, oldest first (RLS: automations.read). */
export async function getAutomationRules({ signal }: { signal?: AbortSignal } = {}) {
  return await run(
    supabase
      .from('automation_rules')
      .select('id, name, trigger, action, is_active, action_config, conditions, last_run_at, created_at')
      .order('created_at')
      .order('id'),
    { signal, schema: z.array(automationRuleSchema) },
  );
}

export const automationRulesQueryOptions = () =>
  queryOptions({ queryKey: automationKeys.rules(), queryFn: ({ signal }) => getAutomationRules({ signal }) });

export function useAutomationRules(options: { enabled?: boolean } = {}) {
  return useQuery({ ...automationRulesQueryOptions(), enabled: options.enabled ?? true });
}
