import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';
import type { LicenceValues } from '../lib/licence';
import { unitKeys } from './keys';

/**
 * Saves a unit's Ministry of Tourism licence (number, issue and expiry dates) and, when given, the
 * storage path of its document (null removes the reference). RLS: units.write of the unit's
 * organisation; the database checks the number's length and the dates again.
 */
export function updateUnitLicence({
  id,
  values,
  documentPath,
}: {
  id: string;
  values: LicenceValues;
  documentPath?: string | null;
}) {
  const row = documentPath === undefined ? values : { ...values, tourism_licence_document_path: documentPath };
  return run(supabase.from('units').update(row).eq('id', id).select('*').single());
}

export function useUpdateUnitLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUnitLicence,
    meta: { skipErrorToast: true },
    onSuccess: async (unit) => {
      queryClient.setQueryData(unitKeys.detail(unit.id), unit);
      // The list flags and the dashboard's licence card read the same columns.
      await invalidateAfterWrite(queryClient, ['units']);
    },
  });
}
