import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { automationRunSchema } from '../lib/automation-schema';
import { automationKeys } from './keys';

/** How many runs the log shows: the latest. */
export const RUN_LOG_LIMIT = 50;

/** The latest runs of every rule, newest first, with the rule's name (automations.read). */
export async function getAutomationRuns({ signal }: { signal?: AbortSignal } = {}) {
  return await run(
    supabase
      .from('automation_runs')
      .select(
        'id, rule_id, trigger, action, outcome, error, booking_id, invoice_id, task_id, created_task_id, created_invoice_id, created_message_id, notified, created_at, rule:automation_rules(name)',
      )
      .order('created_at', { ascending: false })
      .order('id')
      .limit(RUN_LOG_LIMIT),
    { signal, schema: z.array(automationRunSchema) },
  );
}

export const automationRunsQueryOptions = () =>
  queryOptions({ queryKey: automationKeys.runs(), queryFn: ({ signal }) => getAutomationRuns({ signal }) });

export function useAutomationRuns(options: { enabled?: boolean } = {}) {
  return useQuery({ ...automationRunsQueryOptions(), enabled: options.enabled ?? true });
}
