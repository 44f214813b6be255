import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxProfileInput } from '@/domain/tax-profile';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { paymentKeys } from './keys';

const COLUMNS =
  'legal_name_ar, legal_name_en, vat_number, commercial_registration, address_street, address_building_number, address_additional_number, address_district, address_city, address_postal_code, address_region';

/** The organisation's tax profile as the form holds it (blank text for what is not set yet). */
export async function getTaxProfile(organizationId: string, signal?: AbortSignal): Promise<TaxProfileInput> {
  const row = await run(supabase.from('organizations').select(COLUMNS).eq('id', organizationId).single(), { signal });
  return {
    legal_name_ar: row.legal_name_ar ?? '',
    legal_name_en: row.legal_name_en ?? '',
    vat_number: row.vat_number ?? '',
    commercial_registration: row.commercial_registration ?? '',
    address: {
      street: row.address_street ?? '',
      building_number: row.address_building_number ?? '',
      additional_number: row.address_additional_number ?? '',
      district: row.address_district ?? '',
      city: row.address_city ?? '',
      postal_code: row.address_postal_code ?? '',
      region: row.address_region ?? '',
    },
  };
}

export function taxProfileQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: paymentKeys.taxProfile(organizationId),
    queryFn: ({ signal }) => getTaxProfile(organizationId, signal),
  });
}

export function useTaxProfile(organizationId: string | undefined) {
  return useQuery({ ...taxProfileQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}
