import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AppError } from '@/lib/errors';
import { runCounted } from '@/lib/fetch';
import { DEFAULT_TIME_ZONE, todayIn } from '@/lib/format';
import { supabase } from '@/lib/supabase';
import { licenceAttentionFilter } from '../lib/licence-filter';
import { UNITS_PAGE_SIZE, type UnitFilters } from '../schemas';
import { unitKeys } from './keys';

const LIST_COLUMNS =
  'id, name, name_ar, type, price_per_night, max_guests, bedrooms, bathrooms, area_sqm, address_city, address_region, is_active, created_at, tourism_licence_number, tourism_licence_expires_on, unit_photos(storage_path, is_main)';

/**
 * Characters that carry meaning in a PostgREST `or=(…)` filter or an ILIKE pattern. They are
 * dropped from the search text: a name search never needs them and they would break the filter.
 */
const FILTER_SYNTAX = /[,()"\\*%_:]/g;

export function toSearchPattern(search: string): string | null {
  const cleaned = search.replace(FILTER_SYNTAX, ' ').replace(/\s+/g, ' ').trim();
  return cleaned ? `*${cleaned}*` : null;
}

const RANGE_NOT_SATISFIABLE = 'PGRST103';

/** "Needs attention" on the Kingdom's day (the flags use the organisation's: at most an hour apart in the Gulf). */
const licenceFilter = () => licenceAttentionFilter(todayIn(DEFAULT_TIME_ZONE));

async function countUnits(organizationId: string, filters: UnitFilters, signal?: AbortSignal): Promise<number> {
  let query = supabase.from('units').select('id', { count: 'exact', head: true }).eq('organization_id', organizationId);
  const pattern = toSearchPattern(filters.search);
  if (pattern) query = query.or(`name.ilike.${pattern},name_ar.ilike.${pattern},address_city.ilike.${pattern}`);
  if (filters.type !== 'all') query = query.eq('type', filters.type);
  if (filters.status !== 'all') query = query.eq('is_active', filters.status === 'active');
  if (filters.licence === 'attention') query = query.or(licenceFilter());
  const { count } = await runCounted(query, { signal });
  return count;
}

/** One page of the organisation's units, newest first, with the total for the pager. */
export async function getUnits(organizationId: string, filters: UnitFilters, signal?: AbortSignal) {
  const from = (filters.page - 1) * UNITS_PAGE_SIZE;
  let query = supabase
    .from('units')
    .select(LIST_COLUMNS, { count: 'exact' })
    .eq('organization_id', organizationId)
    .eq('unit_photos.is_main', true);
  const pattern = toSearchPattern(filters.search);
  if (pattern) query = query.or(`name.ilike.${pattern},name_ar.ilike.${pattern},address_city.ilike.${pattern}`);
  if (filters.type !== 'all') query = query.eq('type', filters.type);
  if (filters.status !== 'all') query = query.eq('is_active', filters.status === 'active');
  if (filters.licence === 'attention') query = query.or(licenceFilter());
  query = query
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, from + UNITS_PAGE_SIZE - 1);
  try {
    const { data, count } = await runCounted(query, { signal });
    return { units: data, total: count };
  } catch (error) {
    // A page past the end (the list shrank, or an old link): PostgREST answers 416 / PGRST103.
    // Report it as empty with the real total, so the screen can step back to the last page.
    if (error instanceof AppError && error.code === RANGE_NOT_SATISFIABLE && filters.page > 1) {
      return { units: [], total: await countUnits(organizationId, { ...filters, page: 1 }, signal) };
    }
    throw error;
  }
}

export type UnitsPage = Awaited<ReturnType<typeof getUnits>>;
export type UnitListItem = UnitsPage['units'][number];

export function unitsQueryOptions(organizationId: string, filters: UnitFilters) {
  return queryOptions({
    queryKey: unitKeys.list(organizationId, filters),
    queryFn: ({ signal }) => getUnits(organizationId, filters, signal),
    // Paging and typing in the search box keep the previous page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}

export function useUnits(organizationId: string, filters: UnitFilters) {
  return useQuery(unitsQueryOptions(organizationId, filters));
}
