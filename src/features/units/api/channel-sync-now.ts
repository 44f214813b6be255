import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '@/lib/errors';
import { knownFunctionRefusal } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';

const syncAnswer = z.object({
  outcome: z.enum(['ok', 'failed']),
  created: z.number().optional(),
  updated: z.number().optional(),
  cancelled: z.number().optional(),
  conflicts: z.number().optional(),
  error: z.string().optional(),
});
export type ChannelSyncAnswer = z.infer<typeof syncAnswer>;

/** The ical function's refusals the tab explains itself (channels.json errors.*). */
export const CHANNEL_SYNC_REFUSALS = [
  'sync_in_progress',
  'no_import_url',
  'connection_not_found',
  'connection_disconnected',
  'forbidden',
] as const;
export type ChannelSyncRefusalCode = (typeof CHANNEL_SYNC_REFUSALS)[number];

export class ChannelSyncRefusal extends Error {
  constructor(readonly code: ChannelSyncRefusalCode) {
    super(code);
    this.name = 'ChannelSyncRefusal';
  }
}

/** "Sync now": the ical function imports the connection's feed and answers the counts or the feed's error. */
export async function syncChannelNow(connectionId: string): Promise<ChannelSyncAnswer> {
  const response = await supabase.functions.invoke<unknown>(
    `ical/connections/${encodeURIComponent(connectionId)}/sync`,
    {
      method: 'POST',
    },
  );
  const error: unknown = response.error;
  if (error) {
    const refusal = await knownFunctionRefusal(error, CHANNEL_SYNC_REFUSALS);
    if (refusal) throw new ChannelSyncRefusal(refusal.code);
    throw toAppError(error);
  }
  return syncAnswer.parse(response.data);
}

export function useSyncChannelNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncChannelNow,
    meta: { skipErrorToast: true },
    // Imported stays are bookings: the unit's calendar, its log and the bookings lists change.
    onSettled: () => invalidateAfterWrite(queryClient, ['bookings', 'units']),
  });
}
