import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { addDays } from '@/lib/format';
import { supabase } from '@/lib/supabase';
import { dashboardKeys } from './keys';

/** Days before expiry a licence is listed (the default licence_expiring alert uses the same). */
export const LICENCE_ATTENTION_DAYS = 30;

/**
 * The organisation's active units whose Ministry of Tourism licence needs attention on `today`
 * (its day): no licence, expired, or expiring within 30 days; soonest expiry first, missing last.
 * RLS: units.read (a member without it sees none, and the card stays hidden).
 */
export function getLicenceAttention(organizationId: string, today: string, signal?: AbortSignal) {
  const horizon = addDays(today, LICENCE_ATTENTION_DAYS);
  return run(
    supabase
      .from('units')
      .select('id, name, name_ar, tourism_licence_number, tourism_licence_expires_on')
      .eq('organization_id', organizationId)
      .eq('is_active', true)
      .or(`tourism_licence_number.is.null,tourism_licence_expires_on.is.null,tourism_licence_expires_on.lte.${horizon}`)
      .order('tourism_licence_expires_on', { ascending: true, nullsFirst: false })
      .order('name')
      .limit(50),
    { signal },
  );
}

export type LicenceAttentionUnit = Awaited<ReturnType<typeof getLicenceAttention>>[number];

export function useLicenceAttention(organizationId: string, today: string) {
  return useQuery(
    queryOptions({
      queryKey: [...dashboardKeys.all, 'licences', organizationId, today] as const,
      queryFn: ({ signal }) => getLicenceAttention(organizationId, today, signal),
    }),
  );
}
