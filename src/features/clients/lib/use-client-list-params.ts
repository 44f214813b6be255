import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { clientSortColumns, type ClientListParams, type ClientSort } from '../schemas';

export const CLIENT_PAGE_SIZE = 25;
const FILTER_KEYS = ['q', 'vip', 'sort', 'dir'];

/** The list's search, filter, sort and page live in the URL: shareable, and Back restores them. */
export function useClientListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo<ClientListParams>(() => {
    const sort = searchParams.get('sort');
    const page = Number(searchParams.get('page') ?? '1');
    return {
      search: searchParams.get('q') ?? '',
      vipOnly: searchParams.get('vip') === '1',
      sort: (clientSortColumns as readonly string[]).includes(sort ?? '') ? (sort as ClientSort) : 'created_at',
      ascending: searchParams.get('dir') === 'asc',
      page: Number.isInteger(page) && page > 0 ? page : 1,
      pageSize: CLIENT_PAGE_SIZE,
    };
  }, [searchParams]);

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          // A new search, filter or order starts again at page 1.
          if (Object.keys(changes).some((key) => FILTER_KEYS.includes(key))) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return { params, searchParams, update };
}
