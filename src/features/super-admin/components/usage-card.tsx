import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { OrganizationDetail } from '../schemas';
import { useConsoleFormat } from '../lib/use-console-format';

/** The owner and what the organisation uses, against its plan's limits. */
export function UsageCard({ detail }: { detail: OrganizationDetail }) {
  const { t } = useTranslation('super-admin');
  const format = useConsoleFormat();
  const { usage, limits, owner, organization } = detail;
  const ofLimit = (used: number, limit: number | null) =>
    limit === null
      ? t('detail.used_unlimited', { used: format.number(used) })
      : t('detail.used_of', { used: format.number(used), limit: format.number(limit) });
  const rows: Array<[string, ReactNode]> = [
    [t('detail.owner'), owner?.name ?? '—'],
    [
      t('detail.owner_contact'),
      owner?.phone || owner?.email ? (
        <bdi dir="ltr">{[owner.phone, owner.email].filter(Boolean).join(' · ')}</bdi>
      ) : (
        '—'
      ),
    ],
    [t('detail.owner_last_sign_in'), owner?.last_sign_in_at ? format.dateTime(owner.last_sign_in_at) : '—'],
    [t('detail.created'), format.date(organization.created_at)],
    [t('detail.units'), ofLimit(usage.units, limits.units)],
    [t('detail.active_units'), format.number(usage.active_units)],
    [t('detail.users'), ofLimit(usage.users, limits.users)],
    [t('detail.bookings'), format.number(usage.bookings)],
    [t('detail.bookings_30d'), format.number(usage.bookings_30d)],
    [t('detail.invoices'), format.number(usage.invoices)],
    [t('detail.invoices_total'), format.money(usage.invoices_total, usage.currency)],
    [t('detail.last_activity'), usage.last_activity_at ? format.dateTime(usage.last_activity_at) : '—'],
    [t('detail.public_site'), organization.public_site_enabled ? t('detail.site_on') : t('detail.site_off')],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle level={3}>{t('detail.usage_title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl
          className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]"
          data-testid="organization-usage"
        >
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-stone-500">{label}</dt>
              <dd className="font-medium break-words text-stone-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
