import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { automationKeys } from './keys';

/** How many failed runs each rule has (rule id → count), from the run log (automations.read). */
export async function getRuleFailures({ signal }: { signal?: AbortSignal } = {}): Promise<Map<string, number>> {
  const rows = await run(supabase.from('automation_runs').select('rule_id').eq('outcome', 'failed').limit(5000), {
    signal,
    schema: z.array(z.object({ rule_id: z.string() })),
  });
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.rule_id, (counts.get(row.rule_id) ?? 0) + 1);
  return counts;
}

export const ruleFailuresQueryOptions = () =>
  queryOptions({ queryKey: automationKeys.failures(), queryFn: ({ signal }) => getRuleFailures({ signal }) });

export function useRuleFailures(options: { enabled?: boolean } = {}) {
  return useQuery({ ...ruleFailuresQueryOptions(), enabled: options.enabled ?? true });
}
