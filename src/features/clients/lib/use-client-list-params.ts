import { useMemo } from 'react';
import { readUrlState, urlParam, type UrlStateDefinition, type UrlStateValues } from '@/lib/url-state';
import { useUrlState } from '@/lib/use-url-state';
import { clientSortColumns, type ClientListParams } from '../schemas';

export const CLIENT_PAGE_SIZE = 25;

/**
 * The list's search, filter, sort and page live in the URL: shareable, and Back restores them.
 * `?new=1` (the dashboard's quick action) opens the create dialog.
 */
export const CLIENTS_URL = {
  search: urlParam.text({ key: 'q', filter: true }),
  vipOnly: urlParam.flag({ key: 'vip', filter: true }),
  sort: urlParam.oneOf(clientSortColumns, 'created_at', { filter: true }),
  dir: urlParam.oneOf(['asc', 'desc'] as const, 'desc', { filter: true }),
  page: urlParam.page(),
  creating: urlParam.flag({ key: 'new' }),
} satisfies UrlStateDefinition;
export type ClientsUrlState = UrlStateValues<typeof CLIENTS_URL>;

export function clientListParams(values: ClientsUrlState): ClientListParams {
  return {
    search: values.search,
    vipOnly: values.vipOnly,
    sort: values.sort,
    ascending: values.dir === 'asc',
    page: values.page,
    pageSize: CLIENT_PAGE_SIZE,
  };
}

/** Pure: the list parameters a URL describes (unknown values fall back to the defaults). */
export function parseClientListParams(searchParams: URLSearchParams): ClientListParams {
  return clientListParams(readUrlState(CLIENTS_URL, searchParams));
}

export function useClientListParams() {
  const { values, set } = useUrlState(CLIENTS_URL);
  const params = useMemo(() => clientListParams(values), [values]);
  return { params, creating: values.creating, set };
}
