import { urlParam, useUrlState } from '@/lib/use-url-state';
import { AUDIT_ACTIONS, ORGANIZATION_SORTS } from '../schemas';

export const CONSOLE_TABS = ['organizations', 'testimonials', 'platform', 'health', 'audit'] as const;
export type ConsoleTab = (typeof CONSOLE_TABS)[number];
const UUID = /^[0-9a-f-]{36}$/i;

/** The console's state lives in the URL (Back, shared links): tab, open organisation, list and audit filters. */
const CONSOLE_URL = {
  tab: urlParam.oneOf(CONSOLE_TABS, 'organizations'),
  org: urlParam.matching(UUID),
  q: urlParam.text({ filter: true }),
  sort: urlParam.oneOf(ORGANIZATION_SORTS, 'created', { filter: true }),
  dir: urlParam.oneOf(['asc', 'desc'] as const, 'desc', { filter: true }),
  page: urlParam.page(),
  auditOrg: urlParam.matchingOr(UUID, '', { filter: true }),
  auditTable: urlParam.matchingOr(/^[a-z_]{1,63}$/, '', { filter: true }),
  auditAction: urlParam.oneOf(['', ...AUDIT_ACTIONS] as const, '', { filter: true }),
  from: urlParam.day({ filter: true }),
  to: urlParam.day({ filter: true }),
  auditPage: urlParam.page({ key: 'apage' }),
};

export function useConsoleUrl() {
  return useUrlState(CONSOLE_URL);
}
