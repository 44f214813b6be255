import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './notification-keys';
import { notificationChannels, notificationEvents, type NotificationChannel, type NotificationEvent } from '../schemas';

const muteSchema = z.object({ event: z.enum(notificationEvents), channel: z.enum(notificationChannels) });
export type NotificationMute = z.infer<typeof muteSchema>;

/** The member's own opt-outs (RLS: theirs only). */
export async function getMyMutes(signal?: AbortSignal): Promise<NotificationMute[]> {
  return run(supabase.from('notification_mutes').select('event, channel'), { signal, schema: z.array(muteSchema) });
}

export function myMutesQueryOptions() {
  return queryOptions({ queryKey: notificationKeys.mutes(), queryFn: ({ signal }) => getMyMutes(signal) });
}

export function useMyMutes() {
  return useQuery(myMutesQueryOptions());
}

/** Mutes (muted true) or unmutes an event on a channel for the signed-in member only. */
export async function setMute(input: { event: NotificationEvent; channel: NotificationChannel; muted: boolean }) {
  if (input.muted) {
    await run(supabase.from('notification_mutes').upsert({ event: input.event, channel: input.channel }));
  } else {
    await run(supabase.from('notification_mutes').delete().eq('event', input.event).eq('channel', input.channel));
  }
}

export function useSetMute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMute,
    retry: false,
    meta: { errorTitle: 'notifications:errors.save_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.mutes() }),
  });
}
