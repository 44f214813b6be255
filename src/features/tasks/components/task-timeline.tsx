import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import type { Task } from '../schemas';

/** When the task was created, started and completed, and by whom it was completed. */
export function TaskTimeline({ task, timeZone }: { task: Task; timeZone: string }) {
  const { t, i18n } = useTranslation('tasks');
  const language = i18n.language as Language;
  const at = (iso: string) => formatDateTime(iso, language, timeZone);
  return (
    <ul className="flex flex-col gap-0.5 text-xs text-stone-600" data-testid="task-timeline">
      {task.origin === 'checkout' ? <li>{t('details.automatic')}</li> : null}
      <li>{t('details.created', { date: at(task.created_at) })}</li>
      {task.started_at ? <li>{t('details.started', { date: at(task.started_at) })}</li> : null}
      {task.completed_at ? (
        <li data-testid="task-completed-line">
          {task.completed_by_name
            ? t('details.completed', { date: at(task.completed_at), name: task.completed_by_name })
            : t('details.completed_no_name', { date: at(task.completed_at) })}
        </li>
      ) : null}
      {task.status === 'cancelled' ? <li>{t('details.cancelled')}</li> : null}
    </ul>
  );
}
