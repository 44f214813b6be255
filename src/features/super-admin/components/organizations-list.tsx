import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { OrganizationRow } from '../schemas';
import { useConsoleFormat } from '../lib/use-console-format';
import { PlanBadge, StatusBadge } from './organization-badges';

export interface OrganizationsListProps {
  rows: OrganizationRow[];
  onOpen: (id: string) => void;
}

const head = 'px-3 py-2 text-start text-xs font-semibold tracking-wide text-stone-600 uppercase';
const cell = 'px-3 py-2 align-top';

/** Wide screens: a table; phones: one card per organisation. Either opens the organisation. */
export function OrganizationsList({ rows, onOpen }: OrganizationsListProps) {
  const { t } = useTranslation('super-admin');
  const format = useConsoleFormat();
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-stone-200 bg-white md:block">
        <table className="w-full text-sm" data-testid="organizations-table">
          <caption className="sr-only">{t('organizations.caption')}</caption>
          <thead className="border-b border-stone-200 bg-stone-50">
            <tr>
              {(['name', 'owner', 'plan', 'units', 'users', 'bookings_30d', 'created', 'status'] as const).map(
                (col) => (
                  <th key={col} scope="col" className={head}>
                    {t(`organizations.columns.${col}`)}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-stone-100 last:border-0" data-testid="organization-row">
                <td className={cell}>
                  <Button variant="link" className="h-auto p-0 font-semibold" onClick={() => onOpen(row.id)}>
                    {format.orgName(row)}
                  </Button>
                  <div className="text-xs text-stone-500" dir="ltr">
                    /{row.slug}
                  </div>
                </td>
                <td className={cell}>
                  <div>{row.owner_name ?? '—'}</div>
                  <div className="text-xs text-stone-500" dir="ltr">
                    {row.owner_phone ?? row.owner_email ?? ''}
                  </div>
                </td>
                <td className={cell}>
                  <PlanBadge plan={row.plan} />
                </td>
                <td className={cell}>{format.number(row.units)}</td>
                <td className={cell}>{format.number(row.users)}</td>
                <td className={cell}>{format.number(row.bookings_30d)}</td>
                <td className={cell}>{format.date(row.created_at)}</td>
                <td className={cell}>
                  <StatusBadge status={row.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" data-testid="organizations-cards">
        {rows.map((row) => (
          <li key={row.id} className="rounded-xl border border-stone-200 bg-white p-4" data-testid="organization-card">
            <div className="flex items-start justify-between gap-2">
              <Button variant="link" className="h-auto p-0 text-start font-semibold" onClick={() => onOpen(row.id)}>
                {format.orgName(row)}
              </Button>
              <StatusBadge status={row.status} />
            </div>
            <div className="mt-1 text-xs text-stone-500" dir="ltr">
              /{row.slug} · {row.owner_phone ?? row.owner_email ?? ''}
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
              {(['units', 'users', 'bookings_30d'] as const).map((key) => (
                <div key={key}>
                  <dt className="text-stone-500">{t(`organizations.columns.${key}`)}</dt>
                  <dd className="font-semibold text-stone-900">{format.number(row[key])}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-3 flex items-center justify-between text-xs text-stone-600">
              <PlanBadge plan={row.plan} />
              <span>{format.date(row.created_at)}</span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
