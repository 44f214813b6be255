import { useMemo } from 'react';
import { readUrlState, urlParam, type UrlStateDefinition, type UrlStateValues } from '@/lib/url-state';
import { useUrlState } from '@/lib/use-url-state';
import { DUE_FILTERS, TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES, TASK_VIEWS, type TaskFilters } from '../schemas';

const UUID = '[0-9a-f-]{36}';

/**
 * The board's and list's filters live in the URL (`?view=list&type=repair&due=overdue&page=2`),
 * as do the open task (`?task=<id>`) and the form: `?new=task`, `?new=maintenance`, or the
 * overview's `?new=1&type=maintenance` (the type there only chooses the form).
 */
export const TASKS_URL = {
  view: urlParam.oneOf(TASK_VIEWS, 'board'),
  type: urlParam.oneOf(['all', ...TASK_TYPES] as const, 'all', { filter: true }),
  priority: urlParam.oneOf(['all', ...TASK_PRIORITIES] as const, 'all', { filter: true }),
  status: urlParam.oneOf(['all', ...TASK_STATUSES] as const, 'all', { filter: true }),
  unit: urlParam.matchingOr(new RegExp(`^${UUID}$`), 'all', { filter: true }),
  assignee: urlParam.matchingOr(new RegExp(`^(me|unassigned|(user|vendor):${UUID})$`), 'all', { filter: true }),
  due: urlParam.oneOf(DUE_FILTERS, 'all', { filter: true }),
  page: urlParam.page(),
  creating: urlParam.optionalOneOf(['task', 'maintenance', '1'] as const, { key: 'new' }),
  task: urlParam.matching(new RegExp(`^${UUID}$`)),
} satisfies UrlStateDefinition;
type TasksUrlState = UrlStateValues<typeof TASKS_URL>;

function filtersOf(values: TasksUrlState): TaskFilters {
  const { view, type, priority, status, unit, assignee, due, page } = values;
  return { view, type, priority, status, unit, assignee, due, page };
}

/** Pure: the filters a URL describes (anything unknown falls back to its default). */
export function parseTaskFilters(params: URLSearchParams): TaskFilters {
  return filtersOf(readUrlState(TASKS_URL, params));
}

/** Which form `?new=` opens: a maintenance series, a plain task, or none. */
export function creatingFrom(values: Pick<TasksUrlState, 'creating' | 'type'>): 'task' | 'maintenance' | null {
  if (values.creating === null) return null;
  return values.creating === 'maintenance' || values.type === 'maintenance' ? 'maintenance' : 'task';
}

export function useTaskFilters() {
  const { values, set, resetFilters } = useUrlState(TASKS_URL);
  const filters = useMemo(() => filtersOf(values), [values]);
  return { filters, values, set, resetFilters };
}
