import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { runCounted } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { addDays, zonedDateTimeToIso, zonedToday } from '../lib/zoned-time';
import { BOARD_LIMIT, BOARD_STATUSES, TASKS_PAGE_SIZE, type TaskFilters } from '../schemas';
import { taskKeys } from './keys';

/** A task with what a card shows: its unit, its staff assignee and its vendor. */
export const TASK_COLUMNS =
  '*, unit:units(id, name, name_ar, address_city), assignee:profiles(user_id, full_name), organization_vendor:organization_vendors(vendor:vendors(id, name, name_ar))';

export interface TaskScope {
  organizationId: string;
  userId: string;
  timeZone: string;
}

// The select string is a literal, so supabase-js types each row with its embedded relations.
function baseQuery(scope: TaskScope, filters: TaskFilters, count = false) {
  let query = supabase
    .from('tasks')
    .select(TASK_COLUMNS, count ? { count: 'exact' } : undefined)
    .eq('organization_id', scope.organizationId);
  if (filters.type !== 'all') query = query.eq('type', filters.type);
  if (filters.priority !== 'all') query = query.eq('priority', filters.priority);
  if (filters.unit !== 'all') query = query.eq('unit_id', filters.unit);
  const [kind, id] = filters.assignee.split(':');
  if (kind === 'me') query = query.eq('assignee_id', scope.userId);
  else if (kind === 'unassigned') query = query.is('assignee_id', null).is('vendor_id', null);
  else if (kind === 'user' && id) query = query.eq('assignee_id', id);
  else if (kind === 'vendor' && id) query = query.eq('vendor_id', id);
  const today = zonedToday(scope.timeZone);
  const startOf = (date: string) => zonedDateTimeToIso(date, '00:00', scope.timeZone);
  if (filters.due === 'overdue')
    query = query.lt('due_at', new Date().toISOString()).in('status', ['pending', 'in_progress']);
  else if (filters.due === 'today')
    query = query.gte('due_at', startOf(today)).lt('due_at', startOf(addDays(today, 1)));
  else if (filters.due === 'week') query = query.gte('due_at', startOf(today)).lt('due_at', startOf(addDays(today, 7)));
  else if (filters.due === 'none') query = query.is('due_at', null);
  return query;
}

/** One page of the list view, earliest due first, with the total for the pager. */
export async function getTasks(scope: TaskScope, filters: TaskFilters, signal?: AbortSignal) {
  const from = (filters.page - 1) * TASKS_PAGE_SIZE;
  let query = baseQuery(scope, filters, true);
  if (filters.status !== 'all') query = query.eq('status', filters.status);
  query = query
    .order('due_at', { ascending: true, nullsFirst: false })
    .order('created_at', { ascending: false })
    .range(from, from + TASKS_PAGE_SIZE - 1);
  const { data, count } = await runCounted(query, { signal });
  return { tasks: data, total: count };
}

export type TaskListItem = Awaited<ReturnType<typeof getTasks>>['tasks'][number];

/**
 * The board: one request per column, sent together (no waterfall). Open columns show the
 * earliest due first; "completed" shows the most recently finished.
 */
export async function getTaskBoard(scope: TaskScope, filters: TaskFilters, signal?: AbortSignal) {
  const columns = await Promise.all(
    BOARD_STATUSES.map(async (status) => {
      let query = baseQuery(scope, filters, true).eq('status', status);
      query =
        status === 'completed'
          ? query.order('completed_at', { ascending: false, nullsFirst: false })
          : query.order('due_at', { ascending: true, nullsFirst: false }).order('created_at', { ascending: false });
      const { data, count } = await runCounted(query.limit(BOARD_LIMIT), { signal });
      return [status, { tasks: data, total: count }] as const;
    }),
  );
  return Object.fromEntries(columns) as Record<
    (typeof BOARD_STATUSES)[number],
    { tasks: TaskListItem[]; total: number }
  >;
}

export function tasksQueryOptions(scope: TaskScope, filters: TaskFilters) {
  return queryOptions({
    queryKey: taskKeys.list(scope.organizationId, filters),
    queryFn: ({ signal }) => getTasks(scope, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function taskBoardQueryOptions(scope: TaskScope, filters: TaskFilters) {
  // Paging and the status filter belong to the list; the board has its own columns.
  const key: TaskFilters = { ...filters, page: 1, status: 'all' };
  return queryOptions({
    queryKey: taskKeys.board(scope.organizationId, key),
    queryFn: ({ signal }) => getTaskBoard(scope, key, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTasks(scope: TaskScope, filters: TaskFilters, enabled = true) {
  return useQuery({ ...tasksQueryOptions(scope, filters), enabled });
}

export function useTaskBoard(scope: TaskScope, filters: TaskFilters, enabled = true) {
  return useQuery({ ...taskBoardQueryOptions(scope, filters), enabled });
}
