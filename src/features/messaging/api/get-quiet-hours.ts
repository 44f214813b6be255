import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { quietHoursRowSchema } from '../lib/message-template-schema';
import { messagingKeys } from './messaging-keys';

/** The organisation's quiet hours (messaging_settings, RLS: messages.read or integrations.read). */
export async function getQuietHours({ signal }: { signal?: AbortSignal } = {}) {
  return await run(
    supabase.from('messaging_settings').select('quiet_hours_enabled, quiet_hours_start, quiet_hours_end').maybeSingle(),
    { signal, schema: quietHoursRowSchema.nullable() },
  );
}

export const quietHoursQueryOptions = () =>
  queryOptions({ queryKey: messagingKeys.settings(), queryFn: ({ signal }) => getQuietHours({ signal }) });

export function useQuietHours(options: { enabled?: boolean } = {}) {
  return useQuery({ ...quietHoursQueryOptions(), enabled: options.enabled ?? true });
}
