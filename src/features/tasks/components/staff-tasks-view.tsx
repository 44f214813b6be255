import { ClipboardList, Plus, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useOrganizationSettings, usePermissions } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import type { TaskDetail } from '../api/get-task';
import { useTaskOptions } from '../api/get-task-options';
import { useTaskBoard, useTasks, type TaskScope } from '../api/get-tasks';
import { useLiveTasks } from '../api/use-live-tasks';
import { creatingFrom, useTaskFilters } from '../lib/use-task-filters';
import { TASK_VIEWS } from '../schemas';
import { TaskBoard } from './task-board';
import { TaskDetailsDialog } from './task-details-dialog';
import { TaskFilters } from './task-filters';
import { TaskFormDialog } from './task-form-dialog';
import { TaskList } from './task-list';

export function StaffTasksView({ organizationId, userId }: { organizationId: string; userId: string }) {
  const { t } = useTranslation('tasks');
  const { filters, values, set, resetFilters } = useTaskFilters();
  const options = useTaskOptions(organizationId);
  // Due dates are the organisation's days and times (known with the account, before the options).
  const { timeZone } = useOrganizationSettings();
  const scope: TaskScope = { organizationId, userId, timeZone };
  const board = useTaskBoard(scope, filters, filters.view === 'board');
  const list = useTasks(scope, filters, filters.view === 'list');
  // A task changed by someone else (or a vendor) shows without a reload.
  useLiveTasks(organizationId);
  const [editing, setEditing] = useState<TaskDetail | null>(null);
  // The overview links "Schedule maintenance" as ?new=maintenance or ?new=1&type=maintenance.
  const creating = creatingFrom(values);
  const linkedMaintenance = values.creating !== null && values.type === 'maintenance';
  const query = filters.view === 'board' ? board : list;
  // Creating tasks needs tasks.write: a read-only role does not see the buttons.
  const canWrite = usePermissions().can('tasks.write');

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          canWrite ? (
            <>
              <Button variant="outline" onClick={() => set({ creating: 'maintenance' })}>
                <Wrench aria-hidden="true" />
                {t('actions.schedule_maintenance')}
              </Button>
              <Button onClick={() => set({ creating: 'task' })}>
                <Plus aria-hidden="true" />
                {t('actions.new_task')}
              </Button>
            </>
          ) : null
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
              // The board has no pages: a new view starts at the first.
              onClick={() => set({ view, page: 1 })}
            >
              {t(`filters.view_${view}`)}
            </Button>
          ))}
        </div>
        <TaskFilters filters={filters} options={options.data} onChange={set} onReset={() => resetFilters()} />
      </div>
      {query.isError ? (
        <EmptyState icon={ClipboardList} title={t('errors.load_failed')} description={getErrorMessage(query.error)} />
      ) : filters.view === 'board' ? (
        <TaskBoard columns={board.data} timeZone={timeZone} onOpen={(task) => set({ task })} />
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
          onOpen={(task) => set({ task })}
          onPage={(page) => set({ page })}
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
          set(linkedMaintenance ? { creating: null, type: 'all' } : { creating: null });
        }}
      />
      <TaskDetailsDialog
        taskId={editing ? null : values.task}
        organizationId={organizationId}
        timeZone={timeZone}
        onClose={() => set({ task: null })}
        onEdit={(task) => setEditing(task)}
      />
    </>
  );
}
