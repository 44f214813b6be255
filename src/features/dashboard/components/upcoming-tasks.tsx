import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useOrganizationSettings } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import type { DashboardOverview } from '../api/get-dashboard-overview';

const PRIORITY_VARIANT = { low: 'neutral', medium: 'info', high: 'warning', urgent: 'danger' } as const;

export function UpcomingTasks({ tasks }: { tasks: DashboardOverview['upcoming_tasks'] }) {
  const { t } = useTranslation('dashboard');
  const language = currentLanguage();
  const { timeZone } = useOrganizationSettings();
  return (
    <Card data-testid="upcoming-tasks">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle level={2}>{t('upcoming_tasks.title')}</CardTitle>
        <Link to={paths.dashboard.section('tasks')} className="text-sm text-primary-700 hover:underline">
          {t('upcoming_tasks.view_all')}
        </Link>
      </CardHeader>
      <CardContent>
        {tasks.length === 0 ? (
          <p className="text-sm text-stone-600">{t('upcoming_tasks.empty')}</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {tasks.map((task) => (
              <li key={task.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-stone-900" dir="auto" data-testid="upcoming-task-title">
                    {localized(language, task.title, task.title_ar)}
                  </p>
                  <p className="text-stone-600">
                    {task.unit_name ? (
                      <span dir="auto">{localized(language, task.unit_name, task.unit_name_ar)} · </span>
                    ) : null}
                    {task.due_at
                      ? t('upcoming_tasks.due', { date: formatDateTime(task.due_at, language, timeZone) })
                      : t('upcoming_tasks.no_due')}
                  </p>
                </div>
                <Badge variant={PRIORITY_VARIANT[task.priority]}>{t(`priority.${task.priority}`)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
