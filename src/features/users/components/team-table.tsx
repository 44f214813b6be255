import { useTranslation } from 'react-i18next';
import type { TeamRow } from '../schemas';
import type { RowAction } from '../lib/team-row';
import { RowActionsMenu } from './row-actions-menu';
import { ActivityText, NameCell, PhoneText, RolesText, StatusBadge } from './team-cells';

export interface TeamViewProps {
  rows: TeamRow[];
  onAction: (action: RowAction, row: TeamRow) => void;
}

const head = 'px-3 py-2 text-start text-xs font-semibold tracking-wide text-stone-600 uppercase';

/** Wide screens: one row per person or invitation, every field of SPEC §3 User (the e-mail under the name). */
export function TeamTable({ rows, onAction }: TeamViewProps) {
  const { t } = useTranslation('users');
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-stone-200 bg-white md:block">
      <table className="w-full text-sm" data-testid="users-table">
        <caption className="sr-only">{t('list.caption')}</caption>
        <thead className="border-b border-stone-200 bg-stone-50">
          <tr>
            <th scope="col" className={head}>
              {t('columns.name_email')}
            </th>
            <th scope="col" className={head}>
              {t('columns.phone')}
            </th>
            <th scope="col" className={head}>
              {t('columns.role')}
            </th>
            <th scope="col" className={head}>
              {t('columns.language')}
            </th>
            <th scope="col" className={head}>
              {t('columns.last_login')}
            </th>
            <th scope="col" className={head}>
              {t('columns.status')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              <span className="sr-only">{t('columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={`${row.kind}-${row.id}`}
              className="border-b border-stone-100 last:border-0"
              data-testid="user-row"
            >
              <td className="px-3 py-2 align-top">
                <NameCell row={row} withEmail />
              </td>
              <td className="px-3 py-2 align-top">
                <PhoneText phone={row.phone} />
              </td>
              <td className="px-3 py-2 align-top">
                <RolesText row={row} />
              </td>
              <td className="px-3 py-2 align-top">{t(`languages.${row.language}`)}</td>
              <td className="px-3 py-2 align-top">
                <ActivityText row={row} />
              </td>
              <td className="px-3 py-2 align-top">
                <StatusBadge row={row} />
              </td>
              <td className="px-3 py-2 text-end align-top">
                <RowActionsMenu row={row} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
