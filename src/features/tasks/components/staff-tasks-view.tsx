import { ClipboardList, Plus, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import type { TaskDetail } from '../api/get-task';
import { useTaskOptions } from '../api/get-task-options';
import { useTaskBoard, useTasks, type TaskScope } from '../api/get-tasks';
import { parseTaskFilters, TASK_VIEWS, type TaskFilters as Filters } from '../schemas';
import { TaskBoard } from './task-board';
import { TaskDetailsDialog } from './task-details-dialog';
import { TaskFilters } from './task-filters';
import { TaskFormDialog } from './task-form-dialog';
import { TaskList } from './task-list';

/** Filter keys kept in the URL; `new` opens the form (the overview links to ?new=maintenance). */
const FILTER_KEYS = ['view', 'type', 'priority', 'status', 'unit', 'assignee', 'due', 'page'] as const;

export function StaffTasksView({ organizationId, userId }: { organizationId: string; userId: string }) {
  const { t } = useTranslation('tasks');
  const [params, setParams] = useSearchParams();
  const filters = parseTaskFilters(params);
  const options = useTaskOptions(organizationId);
  const timeZone = options.data?.timeZone ?? 'Asia/Riyadh';
  const scope: TaskScope = { organizationId, userId, timeZone };
  const board = useTaskBoard(scope, filters, filters.view === 'board' && options.isSuccess);
  const list = useTasks(scope, filters, filters.view === 'list' && options.isSuccess);
  const [editing, setEditing] = useState<TaskDetail | null>(null);
  const newParam = params.get('new');
  // The overview links "Schedule maintenance" as ?new=maintenance or ?new=1&type=maintenance.
  const linkedMaintenance = newParam !== null && params.get('type') === 'maintenance';
  const creating = newParam === 'maintenance' || linkedMaintenance ? 'maintenance' : newParam ? 'task' : null;
  const openTaskId = params.get('task');

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const handleFilters = (patch: Partial<Filters>) =>
    update({
      ...Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, String(v)])),
      page: 'page' in patch ? String(patch.page) : null,
    });
  const handleReset = () =>
    update(Object.fromEntries(FILTER_KEYS.filter((key) => key !== 'view').map((key) => [key, null])));
  const query = filters.view === 'board' ? board : list;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button variant="outline" onClick={() => update({ new: 'maintenance' })}>
              <Wrench aria-hidden="true" />
              {t('actions.schedule_maintenance')}
            </Button>
            <Button onClick={() => update({ new: 'task' })}>
              <Plus aria-hidden="true" />
              {t('actions.new_task')}
            </Button>
          </>
        }
      />
      <div className="mb-4 flex flex-col gap-3">
        <div
          role="group"
          aria-label={t('filters.view')}
          className="inline-flex w-fit rounded-lg border border-stone-200 bg-white p-1"
        >
          {TASK_VIEWS.map((view) => (
            <Button
              key={view}
              size="sm"
              variant={filters.view === view ? 'secondary' : 'ghost'}
              aria-pressed={filters.view === view}
              onClick={() => handleFilters({ view })}
            >
              {t(`filters.view_${view}`)}
            </Button>
          ))}
        </div>
        <TaskFilters filters={filters} options={options.data} onChange={handleFilters} onReset={handleReset} />
      </div>
      {query.isError ? (
        <EmptyState icon={ClipboardList} title={t('errors.load_failed')} description={getErrorMessage(query.error)} />
      ) : filters.view === 'board' ? (
        <TaskBoard columns={board.data} timeZone={timeZone} onOpen={(id) => update({ task: id })} />
      ) : !list.data ? (
        <Spinner label={t('list.label')} className="py-12" />
      ) : list.data.total === 0 ? (
        <EmptyState icon={ClipboardList} title={t('list.empty_title')} description={t('list.empty_description')} />
      ) : (
        <TaskList
          tasks={list.data.tasks}
          total={list.data.total}
          page={filters.page}
          timeZone={timeZone}
          onOpen={(id) => update({ task: id })}
          onPage={(page) => handleFilters({ page })}
        />
      )}
      <TaskFormDialog
        organizationId={organizationId}
        open={Boolean(creating) || Boolean(editing)}
        task={editing}
        preset={creating ?? 'task'}
        onOpenChange={(open) => {
          if (open) return;
          setEditing(null);
          // The type that came with the link only chose the form, it is not a filter to keep.
          update(linkedMaintenance ? { new: null, type: null } : { new: null });
        }}
      />
      <TaskDetailsDialog
        taskId={editing ? null : openTaskId}
        organizationId={organizationId}
        timeZone={timeZone}
        onClose={() => update({ task: null })}
        onEdit={(task) => setEditing(task)}
      />
    </>
  );
}
