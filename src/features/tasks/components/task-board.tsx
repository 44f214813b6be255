import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import type { TaskListItem } from '../api/get-tasks';
import { BOARD_STATUSES } from '../schemas';
import { TaskCard } from './task-card';

export interface TaskBoardProps {
  columns: Record<(typeof BOARD_STATUSES)[number], { tasks: TaskListItem[]; total: number }> | undefined;
  timeZone: string;
  onOpen: (id: string) => void;
}

/** Pending / in progress / completed side by side (stacked on phones). */
export function TaskBoard({ columns, timeZone, onOpen }: TaskBoardProps) {
  const { t } = useTranslation('tasks');
  return (
    <div role="region" aria-label={t('board.label')} className="grid gap-4 md:grid-cols-3">
      {BOARD_STATUSES.map((status) => {
        const column = columns?.[status];
        return (
          <section
            key={status}
            aria-labelledby={`task-column-${status}`}
            data-testid={`task-column-${status}`}
            className="flex flex-col gap-3 rounded-xl bg-stone-100 p-3"
          >
            <h2
              id={`task-column-${status}`}
              className="flex items-center justify-between text-sm font-semibold text-stone-800"
            >
              {t(`status.${status}`)}
              {column ? (
                <span className="rounded-full bg-white px-2 text-xs text-stone-600">{column.total}</span>
              ) : null}
            </h2>
            {!column ? (
              <>
                <Skeleton className="h-28 w-full" />
                <Skeleton className="h-28 w-full" />
              </>
            ) : column.tasks.length === 0 ? (
              <p className="py-6 text-center text-sm text-stone-500">{t('board.empty_column')}</p>
            ) : (
              column.tasks.map((task) => <TaskCard key={task.id} task={task} timeZone={timeZone} onOpen={onOpen} />)
            )}
            {column && column.total > column.tasks.length ? (
              <p className="text-xs text-stone-600">
                {t('board.more', { shown: column.tasks.length, total: column.total })}
              </p>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
