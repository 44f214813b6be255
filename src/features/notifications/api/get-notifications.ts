import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { INBOX_REFRESH_MS, notificationKeys } from './notification-keys';

export const notificationSchema = z.object({
  id: z.string(),
  event: z.string(),
  params: z.record(z.string(), z.unknown()),
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

/** How many the header's list shows. */
export const INBOX_LIMIT = 20;

/** The signed-in member's newest notifications (RLS: their own, in their organisation). */
export async function getNotifications(limit: number, signal?: AbortSignal): Promise<NotificationItem[]> {
  return run(
    supabase
      .from('notifications')
      .select('id, event, params, link, created_at, read_at')
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit),
    { signal, schema: z.array(notificationSchema) },
  );
}

export function notificationsQueryOptions(limit = INBOX_LIMIT) {
  return queryOptions({
    queryKey: notificationKeys.list(limit),
    queryFn: ({ signal }) => getNotifications(limit, signal),
    refetchInterval: INBOX_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** The newest `limit` (the panel asks for INBOX_LIMIT more each time "Show older" is pressed). */
export function useNotifications(limit = INBOX_LIMIT) {
  return useQuery({ ...notificationsQueryOptions(limit), placeholderData: keepPreviousData });
}
