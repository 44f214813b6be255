import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { channelKeys } from './channel-keys';
import { channelImportUrlSchema, type ChannelImportUrlInput } from './channel-schema';

/** Saves a connection's import address (empty: no import). */
export function updateChannelImportUrl(connectionId: string, input: ChannelImportUrlInput) {
  const { ical_import_url } = channelImportUrlSchema.parse(input);
  return run(
    supabase
      .from('ota_connections')
      .update({ ical_import_url: ical_import_url === '' ? null : ical_import_url })
      .eq('id', connectionId)
      .select('id')
      .single(),
  );
}

export function useUpdateChannelImportUrl(unitId: string, connectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChannelImportUrlInput) => updateChannelImportUrl(connectionId, input),
    meta: { errorTitle: 'channels:errors.save_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.connections(unitId) }),
  });
}
