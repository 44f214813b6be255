import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { INTEGRATION_PROVIDERS, integrationSchema, type Integration } from '../lib/integration-schema';
import { integrationKeys } from './integration-keys';

/** The organisation's TTLock and channel-sync rows (RLS: integrations.read), by provider. */
export async function getIntegrations({ signal }: { signal?: AbortSignal } = {}) {
  const rows = await run(
    supabase
      .from('integrations')
      .select('id, provider, name, status, sync_frequency, settings, credentials_configured, last_sync_at, updated_at')
      .in('provider', [...INTEGRATION_PROVIDERS]),
    { signal, schema: z.array(integrationSchema) },
  );
  return Object.fromEntries(rows.map((row) => [row.provider, row])) as Partial<Record<string, Integration>>;
}

export const integrationsQueryOptions = () =>
  queryOptions({ queryKey: integrationKeys.list(), queryFn: ({ signal }) => getIntegrations({ signal }) });

export function useIntegrations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...integrationsQueryOptions(), enabled: options.enabled ?? true });
}
