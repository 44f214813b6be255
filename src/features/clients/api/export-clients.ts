import { useMutation } from '@tanstack/react-query';
import type { ClientListParams } from '../schemas';
import { getClients, type ClientRow } from './get-clients';

/** Large enough to be few requests, small enough for one response to stay quick. */
const EXPORT_PAGE_SIZE = 1000;

/** Every client matching the list's current search and filters (not only the visible page). */
export async function getClientsForExport(params: ClientListParams): Promise<ClientRow[]> {
  const rows: ClientRow[] = [];
  for (let page = 1; ; page += 1) {
    const result = await getClients({ ...params, page, pageSize: EXPORT_PAGE_SIZE });
    rows.push(...result.rows);
    if (result.rows.length < EXPORT_PAGE_SIZE || rows.length >= result.total) return rows;
  }
}

export function useExportClients() {
  return useMutation({ mutationFn: getClientsForExport, retry: false, meta: { errorTitle: 'clients:export.failed' } });
}
