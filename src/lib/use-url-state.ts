import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filterDefaults, readUrlState, writeUrlState, type UrlStateDefinition, type UrlStateValues } from './url-state';

export { urlParam, type UrlParam, type UrlStateDefinition, type UrlStateValues } from './url-state';

export interface UrlStateUpdateOptions {
  /**
   * `push` adds a history entry (opening a dialog, a new page: Back returns to where the user
   * was); `replace` (the default) rewrites the current one (typing, toggling a view or a filter).
   */
  history?: 'push' | 'replace';
}

/**
 * Typed URL state for a screen (see ./url-state for the definition). `definition` must be a
 * module-level constant: its identity is part of the memo.
 */
export function useUrlState<D extends UrlStateDefinition>(definition: D) {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = useMemo(() => readUrlState(definition, searchParams), [definition, searchParams]);

  const set = useCallback(
    (patch: Partial<UrlStateValues<D>>, { history = 'replace' }: UrlStateUpdateOptions = {}) =>
      setSearchParams((current) => writeUrlState(definition, current, patch), { replace: history === 'replace' }),
    [definition, setSearchParams],
  );

  /** Every filter back to its default; the view, sort and open dialog stay. */
  const resetFilters = useCallback(
    (options?: UrlStateUpdateOptions) => set(filterDefaults(definition), options),
    [definition, set],
  );

  return { values, set, resetFilters };
}
