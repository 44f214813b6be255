import { queryRoots, rootsShowing } from '@/lib/query-roots';
import { useTableChanges } from '@/lib/realtime/use-table-changes';

/** Every query that shows tasks (board, list, details, the overview, vendor ratings). */
const TASK_QUERY_KEYS = rootsShowing(['tasks']).map((root) => queryRoots[root]);

/**
 * Live tasks (issue 16): a task created, assigned, started or completed elsewhere (another
 * member, a vendor, the check-out trigger) refreshes the board and the open task, through Realtime
 * on public.tasks. Staff follow their organisation; a vendor (`organizationId` 'readable') gets
 * whatever tasks_select lets it read: the tasks assigned to it, across organisations.
 * Bursts are coalesced, so a sync creating many cleaning tasks refetches once.
 */
export function useLiveTasks(organizationId: string | null | undefined): void {
  useTableChanges({ table: 'tasks', scope: organizationId, queryKeys: TASK_QUERY_KEYS });
}
