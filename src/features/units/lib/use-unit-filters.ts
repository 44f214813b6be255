import { useMemo } from 'react';
import { UNIT_TYPES } from '@/domain/units';
import { readUrlState, urlParam, type UrlStateDefinition } from '@/lib/url-state';
import { useUrlState } from '@/lib/use-url-state';
import { UNIT_LICENCE_FILTERS, UNIT_STATUS_FILTERS, type UnitFilters } from '../schemas';
import { UNIT_EDITOR_TABS, type UnitEditorTab } from './editor-tabs';

export const UNITS_VIEWS = ['cards', 'table'] as const;
export type UnitsView = (typeof UNITS_VIEWS)[number];

/**
 * The screen's state lives in the URL, so a filtered page or an open unit can be shared and
 * survives a reload: `?q=&type=&status=&licence=&page=&view=` for the list, `?new=1` (the add dialog,
 * also what the dashboard's "New unit" opens) or `?unit=<id>&tab=` for the editor.
 */
export const UNITS_URL = {
  search: urlParam.text({ key: 'q', filter: true }),
  type: urlParam.oneOf(['all', ...UNIT_TYPES] as const, 'all', { filter: true }),
  status: urlParam.oneOf(UNIT_STATUS_FILTERS, 'all', { filter: true }),
  licence: urlParam.oneOf(UNIT_LICENCE_FILTERS, 'all', { filter: true }),
  page: urlParam.page(),
  view: urlParam.oneOf(UNITS_VIEWS, 'cards'),
  creating: urlParam.flag({ key: 'new' }),
  unit: urlParam.matching(/^[\w-]{1,64}$/),
  tab: urlParam.oneOf(UNIT_EDITOR_TABS, 'details'),
} satisfies UrlStateDefinition;

/** The list query a URL describes (pure; the hook below and the tests use it). */
export function unitFiltersFrom(params: URLSearchParams): UnitFilters {
  const { search, type, status, page, licence } = readUrlState(UNITS_URL, params);
  return { search, type, status, page, ...(licence === 'all' ? {} : { licence }) };
}

export function useUnitsUrlState() {
  const { values, set } = useUrlState(UNITS_URL);
  const filters: UnitFilters = useMemo(
    () => ({
      search: values.search,
      type: values.type,
      status: values.status,
      page: values.page,
      ...(values.licence === 'all' ? {} : { licence: values.licence }),
    }),
    [values.search, values.type, values.status, values.page, values.licence],
  );
  const editing = values.creating ? 'new' : values.unit;

  const actions = useMemo(
    () => ({
      // Typing in the search box replaces the history entry instead of adding one per pause;
      // choosing a type or status is a step Back can undo.
      setFilters: (changes: Partial<Omit<UnitFilters, 'page'>>) =>
        set(changes, { history: changes.search !== undefined ? 'replace' : 'push' }),
      setPage: (page: number) => set({ page }, { history: 'push' }),
      setView: (view: UnitsView) => set({ view }),
      openNew: () => set({ creating: true, unit: null, tab: 'details' }, { history: 'push' }),
      openUnit: (id: string, tab: UnitEditorTab = 'details') =>
        set({ creating: false, unit: id, tab }, { history: 'push' }),
      setTab: (tab: UnitEditorTab) => set({ tab }),
      closeEditor: () => set({ creating: false, unit: null, tab: 'details' }, { history: 'push' }),
    }),
    [set],
  );

  return { filters, view: values.view, editing, tab: values.tab, ...actions };
}
