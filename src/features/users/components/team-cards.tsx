import { useTranslation } from 'react-i18next';
import type { TeamViewProps } from './team-table';
import { RowActionsMenu } from './row-actions-menu';
import { ActivityText, NameCell, PhoneText, RolesText, StatusBadge } from './team-cells';

/** Phones: one card per person or invitation, the same columns as labelled lines. */
export function TeamCards({ rows, onAction }: TeamViewProps) {
  const { t } = useTranslation('users');
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label={t('list.caption')} data-testid="users-cards">
      {rows.map((row) => (
        <li
          key={`${row.kind}-${row.id}`}
          className="rounded-xl border border-stone-200 bg-white p-4"
          data-testid="user-card"
        >
          <div className="flex items-start justify-between gap-3">
            <NameCell row={row} />
            <RowActionsMenu row={row} onAction={onAction} />
          </div>
          <div className="mt-2">
            <StatusBadge row={row} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-stone-600">{t('columns.email')}</dt>
            <dd className="text-stone-900 [overflow-wrap:anywhere]">
              <span dir="ltr">{row.email ?? '—'}</span>
            </dd>
            <dt className="text-stone-600">{t('columns.phone')}</dt>
            <dd className="text-stone-900">
              <PhoneText phone={row.phone} />
            </dd>
            <dt className="text-stone-600">{t('columns.role')}</dt>
            <dd className="text-stone-900">
              <RolesText row={row} />
            </dd>
            <dt className="text-stone-600">{t('columns.language')}</dt>
            <dd className="text-stone-900">{t(`languages.${row.language}`)}</dd>
            <dt className="text-stone-600">{row.kind === 'member' ? t('columns.last_login') : t('list.invited')}</dt>
            <dd className="text-stone-900">
              <ActivityText row={row} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
