import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { alertSchema } from '../lib/alert-schema';
import { alertsKeys } from './keys';

/** The organisation's alerts, oldest first (RLS: automations.read). */
export async function getAlerts({ signal }: { signal?: AbortSignal } = {}) {
  return await run(
    supabase
      .from('alerts')
      .select('id, name, name_ar, type, threshold, window_days, frequency, severity, is_active, last_triggered_at')
      .order('created_at')
      .order('id'),
    { signal, schema: z.array(alertSchema) },
  );
}

export const alertsQueryOptions = () =>
  queryOptions({ queryKey: alertsKeys.list(), queryFn: ({ signal }) => getAlerts({ signal }) });

export function useAlerts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...alertsQueryOptions(), enabled: options.enabled ?? true });
}
