import { AlertTriangle, CalendarClock, ListChecks, MapPin, Repeat, User } from 'lucide-react';
import { HijriDate } from '@/components/dual-date';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import type { TaskListItem } from '../api/get-tasks';
import { assigneeNames, checklistProgress, isOverdue } from '../lib/task-display';
import { TaskPriorityBadge, TaskTypeBadge } from './task-badges';
import { TaskStatusActions } from './task-status-actions';

export interface TaskCardProps {
  task: TaskListItem;
  timeZone: string;
  onOpen: (id: string) => void;
}

/** One task on the board: what, where, when, who, and the next step. */
export function TaskCard({ task, timeZone, onOpen }: TaskCardProps) {
  const { t, i18n } = useTranslation('tasks');
  const language = i18n.language as Language;
  const overdue = isOverdue(task);
  const progress = checklistProgress(task.checklist);
  const names = assigneeNames(task, language);
  const unitName = task.unit ? localized(language, task.unit.name, task.unit.name_ar) : null;
  const title = localized(language, task.title, task.title_ar);

  return (
    <article
      data-testid="task-card"
      data-task-id={task.id}
      className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3 shadow-xs"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <TaskTypeBadge type={task.type} />
        <TaskPriorityBadge priority={task.priority} />
        {task.recurrence ? (
          <span className="inline-flex items-center gap-1 text-xs text-stone-600">
            <Repeat aria-hidden="true" className="size-3.5" />
            {t('card.recurring', { recurrence: t(`recurrence.${task.recurrence}`) })}
          </span>
        ) : null}
      </div>
      <h3 className="text-sm font-semibold text-stone-900">
        <button
          type="button"
          // Stable across columns: closing the details finds it again after the task moved.
          id={`task-open-${task.id}`}
          onClick={() => onOpen(task.id)}
          className="text-start hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
          aria-label={t('actions.details', { title })}
        >
          {title}
        </button>
      </h3>
      <dl className="flex flex-col gap-1 text-xs text-stone-600">
        {unitName ? (
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t('fields.unit')}</dt>
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            <dd>{unitName}</dd>
          </div>
        ) : null}
        <div className={overdue ? 'flex items-center gap-1.5 font-medium text-red-700' : 'flex items-center gap-1.5'}>
          <dt className="sr-only">{t('fields.due')}</dt>
          {overdue ? (
            <AlertTriangle aria-hidden="true" className="size-3.5 shrink-0" />
          ) : (
            <CalendarClock aria-hidden="true" className="size-3.5 shrink-0" />
          )}
          <dd>
            {task.due_at ? formatDateTime(task.due_at, language, timeZone) : t('card.no_due')}
            {task.due_at ? <HijriDate value={task.due_at} className="ms-1" /> : null}
            {overdue ? ` · ${t('card.overdue')}` : null}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">{t('fields.assigned')}</dt>
          <User aria-hidden="true" className="size-3.5 shrink-0" />
          <dd>{names.length > 0 ? names.join(' · ') : t('card.unassigned')}</dd>
        </div>
        {progress ? (
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t('fields.checklist')}</dt>
            <ListChecks aria-hidden="true" className="size-3.5 shrink-0" />
            <dd>{t('card.checklist_progress', progress)}</dd>
          </div>
        ) : null}
      </dl>
      <TaskStatusActions taskId={task.id} status={task.status} surface="card" />
    </article>
  );
}
