import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/list-pagination';
import { formatDateTime } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import type { TaskListItem } from '../api/get-tasks';
import { assigneeNames, isOverdue } from '../lib/task-display';
import { TASKS_PAGE_SIZE } from '../schemas';
import { TaskPriorityBadge, TaskStatusBadge, TaskTypeBadge } from './task-badges';
import { TaskStatusActions } from './task-status-actions';

export interface TaskListProps {
  tasks: TaskListItem[];
  total: number;
  page: number;
  timeZone: string;
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
}

/** The list view: a table paged on the server, earliest due first. */
export function TaskList({ tasks, total, page, timeZone, onOpen, onPage }: TaskListProps) {
  const { t, i18n } = useTranslation('tasks');
  const language = i18n.language as Language;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-stone-600">{t('list.count', { count: total })}</p>
      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
        <table className="w-full text-sm" aria-label={t('list.label')}>
          <thead className="bg-stone-50 text-xs text-stone-600">
            <tr>
              {(['title', 'type', 'priority', 'status', 'unit', 'due', 'assigned'] as const).map((column) => (
                <th key={column} scope="col" className="px-3 py-2 text-start font-medium">
                  {t(`fields.${column}`)}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('actions.start')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tasks.map((task) => (
              <tr
                key={task.id}
                data-testid="task-row"
                data-task-id={task.id}
                className="border-t border-stone-100 align-top"
              >
                <td className="px-3 py-2 font-medium">
                  <button
                    type="button"
                    id={`task-open-${task.id}`}
                    className="text-start hover:underline"
                    onClick={() => onOpen(task.id)}
                  >
                    {localized(language, task.title, task.title_ar)}
                  </button>
                </td>
                <td className="px-3 py-2">
                  <TaskTypeBadge type={task.type} />
                </td>
                <td className="px-3 py-2">
                  <TaskPriorityBadge priority={task.priority} />
                </td>
                <td className="px-3 py-2">
                  <TaskStatusBadge status={task.status} />
                </td>
                <td className="px-3 py-2">
                  {task.unit ? localized(language, task.unit.name, task.unit.name_ar) : '—'}
                </td>
                <td className={isOverdue(task) ? 'px-3 py-2 font-medium text-red-700' : 'px-3 py-2'}>
                  {task.due_at ? formatDateTime(task.due_at, language, timeZone) : t('card.no_due')}
                </td>
                <td className="px-3 py-2">{assigneeNames(task, language).join(' · ') || t('card.unassigned')}</td>
                <td className="px-3 py-2">
                  <TaskStatusActions taskId={task.id} status={task.status} surface="list" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListPagination page={page} pageSize={TASKS_PAGE_SIZE} total={total} onPageChange={onPage} />
    </div>
  );
}
