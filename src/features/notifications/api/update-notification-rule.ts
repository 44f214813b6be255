import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './notification-keys';
import { notificationRuleSchema, type NotificationRule } from '../schemas';

/**
 * Saves one event × channel rule. RLS lets only settings.manage holders change it (anyone else
 * changes no row: refused here as a permission error); the database checks the roles are the
 * organisation's own (22023 notification_role_unknown).
 */
export async function updateNotificationRule(rule: NotificationRule): Promise<void> {
  const { event, channel, ...patch } = notificationRuleSchema.parse(rule);
  const rows = await run(
    supabase.from('notification_rules').update(patch).eq('event', event).eq('channel', channel).select('event'),
  );
  if (rows.length === 0) throw toAppError({ code: '42501', message: 'permission denied' });
}

export function useUpdateNotificationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationRule,
    retry: false,
    meta: { errorTitle: 'notifications:errors.save_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.rules() }),
  });
}
