import { Building2, CalendarClock, ExternalLink, MapPin, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import type { VendorTask } from '../api/get-vendor-tasks';
import { mapUrl } from '../lib/task-display';
import { TaskPriorityBadge, TaskStatusBadge, TaskTypeBadge } from './task-badges';
import { TaskChecklist } from './task-checklist';
import { TaskPhotos } from './task-photos';
import { TaskStatusActions } from './task-status-actions';

/** One assigned task as the vendor needs it on site: where, when, what to check, and proof. */
export function VendorTaskCard({ task }: { task: VendorTask }) {
  const { t, i18n } = useTranslation('tasks');
  const language = i18n.language as Language;
  const unitName = localized(language, task.unit_name, task.unit_name_ar);
  const organizationName = localized(language, task.organization_name, task.organization_name_ar);
  const description = localized(language, task.description, task.description_ar);
  const map = mapUrl({ latitude: task.latitude, longitude: task.longitude, address: task.unit_address || null });
  const open = task.status === 'pending' || task.status === 'in_progress';
  return (
    <article
      data-testid="vendor-task"
      data-task-id={task.id}
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <TaskStatusBadge status={task.status} />
        <TaskTypeBadge type={task.type} />
        <TaskPriorityBadge priority={task.priority} />
      </div>
      <div>
        <h3 className="text-base font-semibold text-stone-900">{localized(language, task.title, task.title_ar)}</h3>
        {description ? <p className="mt-1 text-sm text-stone-700">{description}</p> : null}
      </div>
      <dl className="flex flex-col gap-1.5 text-sm text-stone-700">
        <Line
          icon={Building2}
          label={t('fields.unit')}
          value={`${unitName ?? '—'} · ${t('vendor.for_organization', { organization: organizationName })}`}
        />
        <div className="flex items-start gap-2">
          <dt className="sr-only">{t('vendor.no_address')}</dt>
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-stone-500" />
          <dd className="flex flex-wrap items-center gap-x-3">
            <span data-testid="vendor-task-address">{task.unit_address || t('vendor.no_address')}</span>
            {map ? (
              <a
                href={map}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 font-medium text-primary-700 hover:underline"
              >
                {t('actions.open_map')}
                <ExternalLink aria-hidden="true" className="size-3.5" />
              </a>
            ) : null}
          </dd>
        </div>
        <Line
          icon={CalendarClock}
          label={t('fields.due')}
          value={task.due_at ? formatDateTime(task.due_at, language) : t('card.no_due')}
        />
        {task.check_in && task.check_out ? (
          <Line
            icon={Users}
            label={t('fields.booking')}
            value={`${t('vendor.stay', { check_in: formatDate(task.check_in, language), check_out: formatDate(task.check_out, language) })}${
              task.guests_count ? ` · ${t('vendor.guests', { count: task.guests_count })}` : ''
            }`}
          />
        ) : null}
      </dl>
      <TaskChecklist taskId={task.id} checklist={task.checklist} editable={open} />
      <TaskPhotos organizationId={task.organization_id} taskId={task.id} canUpload canRemove={false} />
      {task.completed_at ? (
        <p className="text-xs text-stone-600">
          {task.completed_by_name
            ? t('details.completed', {
                date: formatDateTime(task.completed_at, language),
                name: task.completed_by_name,
              })
            : t('details.completed_no_name', { date: formatDateTime(task.completed_at, language) })}
        </p>
      ) : null}
      <TaskStatusActions taskId={task.id} status={task.status} surface="vendor" size="md" />
    </article>
  );
}

function Line({ icon: Icon, label, value }: { icon: typeof MapPin; label: string; value: string }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="sr-only">{label}</dt>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-stone-500" />
      <dd>{value}</dd>
    </div>
  );
}
