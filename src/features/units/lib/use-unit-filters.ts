import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { unitFiltersSchema, type UnitFilters } from '../schemas';
import { UNIT_EDITOR_TABS, type UnitEditorTab } from './editor-tabs';

export type UnitsView = 'cards' | 'table';

/**
 * The screen's state lives in the URL, so a filtered page or an open unit can be shared and
 * survives a reload: `?q=&type=&status=&page=&view=` for the list, `?new=1` (the add dialog,
 * also what the dashboard's "New unit" opens) or `?unit=<id>&tab=` for the editor.
 */
export function useUnitsUrlState() {
  const [params, setParams] = useSearchParams();

  const filters: UnitFilters = useMemo(
    () =>
      unitFiltersSchema.parse({
        search: params.get('q') ?? '',
        type: params.get('type') ?? 'all',
        status: params.get('status') ?? 'all',
        page: params.get('page') ?? 1,
      }),
    [params],
  );
  const view: UnitsView = params.get('view') === 'table' ? 'table' : 'cards';
  const editing = params.get('new') === '1' ? 'new' : params.get('unit');
  const tabParam = params.get('tab') as UnitEditorTab | null;
  const tab: UnitEditorTab =
    tabParam && (UNIT_EDITOR_TABS as readonly string[]).includes(tabParam) ? tabParam : 'details';

  const update = useCallback(
    (changes: Record<string, string | null>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );

  const actions = useMemo(
    () => ({
      setFilters: (changes: Partial<Omit<UnitFilters, 'page'>>) =>
        update(
          {
            ...(changes.search !== undefined ? { q: changes.search } : {}),
            ...(changes.type !== undefined ? { type: changes.type === 'all' ? null : changes.type } : {}),
            ...(changes.status !== undefined ? { status: changes.status === 'all' ? null : changes.status } : {}),
            page: null,
          },
          // Typing in the search box replaces the history entry instead of adding one per pause.
          { replace: changes.search !== undefined },
        ),
      setPage: (page: number) => update({ page: page > 1 ? String(page) : null }),
      setView: (next: UnitsView) => update({ view: next === 'table' ? 'table' : null }, { replace: true }),
      openNew: () => update({ new: '1', unit: null, tab: null }),
      openUnit: (id: string, nextTab: UnitEditorTab = 'details') =>
        update({ new: null, unit: id, tab: nextTab === 'details' ? null : nextTab }),
      setTab: (nextTab: UnitEditorTab) => update({ tab: nextTab === 'details' ? null : nextTab }, { replace: true }),
      closeEditor: () => update({ new: null, unit: null, tab: null }),
    }),
    [update],
  );

  return { filters, view, editing, tab, ...actions };
}
