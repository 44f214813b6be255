import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { alertEventSchema } from '../lib/alert-schema';
import { alertsKeys, type AlertEventFilter } from './keys';

/** How many events the history shows (newest first). */
export const ALERT_EVENTS_LIMIT = 100;

/**
 * The alerts' history, newest first (RLS: automations.read): open = not acknowledged yet,
 * acknowledged, or all.
 */
export async function getAlertEvents(filter: AlertEventFilter, { signal }: { signal?: AbortSignal } = {}) {
  let request = supabase
    .from('alert_events')
    .select(
      'id, alert_id, severity, subject_type, subject_id, subject_label, subject_label_ar, value, threshold, details, fired_at, resolved_at, acknowledged_at, alert:alerts(name, name_ar, type)',
    )
    .order('fired_at', { ascending: false })
    .order('id')
    .limit(ALERT_EVENTS_LIMIT);
  if (filter === 'open') request = request.is('acknowledged_at', null);
  if (filter === 'acknowledged') request = request.not('acknowledged_at', 'is', null);
  return await run(request, { signal, schema: z.array(alertEventSchema) });
}

export const alertEventsQueryOptions = (filter: AlertEventFilter) =>
  queryOptions({ queryKey: alertsKeys.events(filter), queryFn: ({ signal }) => getAlertEvents(filter, { signal }) });

export function useAlertEvents(filter: AlertEventFilter, options: { enabled?: boolean } = {}) {
  return useQuery({ ...alertEventsQueryOptions(filter), enabled: options.enabled ?? true });
}
