import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';
import type { Tables, TablesInsert } from '@/types/database';
import { unitKeys } from './keys';

type UnitRow = Tables<'units'>;

/**
 * Columns a clone never takes: identity, timestamps, the smart-lock settings and the Wi-Fi of the
 * original (another unit has its own router; a guest must not be sent the wrong password), and its
 * Ministry of Tourism licence (issued for one unit: a copy starts without one).
 */
const NOT_CLONED = [
  'id',
  'created_at',
  'updated_at',
  'smart_lock_id',
  'lock_mac_address',
  'lock_gateway_id',
  'lock_account_username',
  'lock_credentials_configured',
  'wifi_name',
  'wifi_password',
  'tourism_licence_number',
  'tourism_licence_issued_on',
  'tourism_licence_expires_on',
  'tourism_licence_document_path',
] as const satisfies readonly (keyof UnitRow)[];

function withSuffix(name: string, suffix: string, max = 200): string {
  const suffixed = `${name} ${suffix}`;
  return suffixed.length <= max ? suffixed : `${name.slice(0, max - suffix.length - 1)} ${suffix}`;
}

/**
 * The copy of a unit: every field except photos, lock settings, Wi-Fi and licence, named "<name> (copy)" in
 * both languages. Pure, so the rule is tested without a database.
 */
export function buildUnitClone(unit: UnitRow, suffix: { en: string; ar: string }): TablesInsert<'units'> {
  const copy: Partial<UnitRow> = { ...unit };
  for (const column of NOT_CLONED) delete copy[column];
  return {
    ...(copy as TablesInsert<'units'>),
    name: withSuffix(unit.name, suffix.en),
    name_ar: unit.name_ar ? withSuffix(unit.name_ar, suffix.ar) : null,
  };
}

export async function cloneUnit({ id, suffix }: { id: string; suffix: { en: string; ar: string } }) {
  const unit = await run(supabase.from('units').select('*').eq('id', id).single());
  return run(supabase.from('units').insert(buildUnitClone(unit, suffix)).select('*').single());
}

export function useCloneUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneUnit,
    meta: { errorTitle: 'units:toast.clone_failed' },
    onSuccess: async (unit) => {
      queryClient.setQueryData(unitKeys.detail(unit.id), unit);
      await invalidateAfterWrite(queryClient, ['units']);
    },
  });
}
