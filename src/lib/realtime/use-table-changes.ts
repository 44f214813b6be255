import { REALTIME_SUBSCRIBE_STATES, type RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useOptionalAuth } from '@/lib/auth/auth-provider';
import { supabase } from '@/lib/supabase';
import { coalesce } from './coalesce';

/** Tables of the `supabase_realtime` publication (migrations 20261129540000, 20261129545000). */
export type LiveTable = 'bookings' | 'messages' | 'notifications' | 'tasks';

export type TableChange = RealtimePostgresChangesPayload<Record<string, unknown>>;

/** Quiet time after the last change before refreshing: a burst (a channel sync) refetches once. */
export const LIVE_SETTLE_MS = 300;
/** A steady stream of changes still refreshes at least this often. */
export const LIVE_MAX_WAIT_MS = 2_000;

export interface UseTableChangesOptions {
  table: LiveTable;
  /**
   * Whose rows: an organisation id (`organization_id=eq.<id>`), or `'readable'` for every row
   * the user may select (a vendor's tasks span organisations). RLS decides either way; the filter
   * only spares the server rows the screen does not show. Null or undefined: no subscription.
   */
  scope: string | null | undefined;
  /** Queries to mark stale after a change (the ones on screen refetch). */
  queryKeys: readonly QueryKey[];
  /** Only some operations (the bell only needs new rows, say); default all. */
  event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  /** Called for every change, before the (coalesced) refresh. */
  onChange?: (change: TableChange) => void;
}

let channelCount = 0;

/**
 * Live updates for one table (issue 16): subscribes to Realtime postgres_changes of `table`
 * within `scope`, and after changes (coalesced, see LIVE_SETTLE_MS) invalidates `queryKeys`.
 * Unsubscribes on unmount and subscribes again when the scope or the signed-in user changes
 * (a token refresh needs no new channel: supabase-js hands the new token to joined channels).
 * Returns `live`: true while changes flow, so a screen can poll slowly only then. Joining (and
 * joining again after an outage) refreshes once, for what changed while nobody listened.
 */
export function useTableChanges({ table, scope, queryKeys, event = '*', onChange }: UseTableChangesOptions): {
  live: boolean;
} {
  const queryClient = useQueryClient();
  // Whose rows RLS sends: a channel joins with this user's token (outside an AuthProvider: none).
  const userId = useOptionalAuth()?.user?.id ?? null;
  const [live, setLive] = useState(false);
  // The latest keys and callback, without resubscribing when a caller passes new arrays.
  const latest = useRef({ queryKeys, onChange });
  useEffect(() => {
    latest.current = { queryKeys, onChange };
  });

  useEffect(() => {
    if (!scope || !userId) return;
    const refresh = (cancelRefetch: boolean) => {
      for (const queryKey of latest.current.queryKeys) {
        void queryClient.invalidateQueries({ queryKey }, { cancelRefetch });
      }
    };
    // A change may have committed after an in-flight fetch read: cancel it and fetch again.
    const changes = coalesce(() => refresh(true), { settleMs: LIVE_SETTLE_MS, maxWaitMs: LIVE_MAX_WAIT_MS });
    channelCount += 1;
    // One topic per subscriber: supabase-js returns an existing channel for a known topic.
    const channel = supabase
      .channel(`live:${table}:${scope}:${channelCount}`)
      .on(
        'postgres_changes',
        {
          // One overload per event literal; '*' types the payload as any of them, which it is.
          event: event as '*',
          schema: 'public',
          table,
          ...(scope === 'readable' ? {} : { filter: `organization_id=eq.${scope}` }),
        },
        (change: TableChange) => {
          latest.current.onChange?.(change);
          changes.trigger();
        },
      )
      .subscribe((status) => {
        if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) {
          setLive(true);
          // A fetch already under way (the screen just mounted) is recent enough: not cancelled.
          refresh(false);
        } else {
          setLive(false);
        }
      });
    return () => {
      changes.cancel();
      setLive(false);
      void supabase.removeChannel(channel);
    };
  }, [table, scope, userId, event, queryClient]);

  return { live: live && Boolean(scope && userId) };
}
