import { useMemo } from 'react';
import { readUrlState, urlParam, type UrlStateDefinition, type UrlStateValues } from '@/lib/url-state';
import { useUrlState } from '@/lib/use-url-state';
import { TEAM_STATUSES, type TeamListParams } from '../schemas';

/**
 * The list's search, status filter and page live in the URL: shareable, and Back restores them.
 * `?invite=1` opens the invitation dialog (a link from elsewhere, the onboarding's "invite team").
 */
export const TEAM_URL = {
  search: urlParam.text({ key: 'q', filter: true }),
  status: urlParam.oneOf(['all', ...TEAM_STATUSES] as const, 'all', { filter: true }),
  page: urlParam.page(),
  inviting: urlParam.flag({ key: 'invite' }),
} satisfies UrlStateDefinition;
export type TeamUrlState = UrlStateValues<typeof TEAM_URL>;

/** Pure: the list parameters a URL describes (unknown values fall back to the defaults). */
export function parseTeamListParams(searchParams: URLSearchParams): TeamListParams {
  const { search, status, page } = readUrlState(TEAM_URL, searchParams);
  return { search, status, page };
}

export function useTeamListParams() {
  const { values, set, resetFilters } = useUrlState(TEAM_URL);
  const params = useMemo<TeamListParams>(
    () => ({ search: values.search, status: values.status, page: values.page }),
    [values.search, values.status, values.page],
  );
  return { params, inviting: values.inviting, set, resetFilters };
}
