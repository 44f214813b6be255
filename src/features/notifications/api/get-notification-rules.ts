import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './notification-keys';
import { notificationRuleSchema, type NotificationRule } from '../schemas';

/**
 * The organisation's rules, every event × channel (every member reads them). Rows of an event or
 * channel this app does not offer yet (a later migration's) are left out, not an error.
 */
export async function getNotificationRules(signal?: AbortSignal): Promise<NotificationRule[]> {
  const rows = await run(
    supabase
      .from('notification_rules')
      .select('event, channel, enabled, role_ids, notify_assignee, notify_creator')
      .order('event')
      .order('channel'),
    { signal, schema: z.array(z.unknown()) },
  );
  return rows.flatMap((row) => {
    const parsed = notificationRuleSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

export function notificationRulesQueryOptions() {
  return queryOptions({ queryKey: notificationKeys.rules(), queryFn: ({ signal }) => getNotificationRules(signal) });
}

export function useNotificationRules() {
  return useQuery(notificationRulesQueryOptions());
}
