import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { channelSyncScheduleSchema, type ChannelSyncSchedule } from '../lib/integration-schema';
import { integrationKeys } from './integration-keys';

/** The organisation's channel-sync frequency and pause (set_channel_sync_schedule). */
export async function saveChannelSyncSchedule(schedule: ChannelSyncSchedule): Promise<void> {
  const { sync_frequency, paused } = channelSyncScheduleSchema.parse(schedule);
  await run(supabase.rpc('set_channel_sync_schedule', { sync_frequency, paused }));
}

export function useSaveChannelSyncSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChannelSyncSchedule,
    retry: false,
    meta: { errorTitle: 'integrations:errors.save_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.list() }),
  });
}
