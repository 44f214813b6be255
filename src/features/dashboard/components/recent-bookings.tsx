import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import type { DashboardOverview } from '../api/get-dashboard-overview';

const STATUS_VARIANT = {
  pending: 'warning',
  confirmed: 'info',
  checked_in: 'success',
  checked_out: 'neutral',
  cancelled: 'danger',
} as const;

export function RecentBookings({
  bookings,
  currency,
}: {
  bookings: DashboardOverview['recent_bookings'];
  currency: DashboardOverview['currency'];
}) {
  const { t } = useTranslation('dashboard');
  const language = currentLanguage();
  return (
    <Card data-testid="recent-bookings">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle level={2}>{t('recent_bookings.title')}</CardTitle>
        <Link to={paths.dashboard.section('bookings')} className="text-sm text-primary-700 hover:underline">
          {t('recent_bookings.view_all')}
        </Link>
      </CardHeader>
      <CardContent>
        {bookings.length === 0 ? (
          <p className="text-sm text-stone-600">{t('recent_bookings.empty')}</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {bookings.map((booking) => (
              <li key={booking.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-stone-900" dir="auto">
                    {booking.client_name}
                  </p>
                  <p className="text-stone-600">
                    <span dir="auto" data-testid="recent-booking-unit">
                      {localized(language, booking.unit_name, booking.unit_name_ar)}
                    </span>{' '}
                    · <span dir="ltr">{booking.booking_reference}</span>
                  </p>
                  <p className="text-stone-600">
                    {formatDate(booking.check_in, language)} – {formatDate(booking.check_out, language)}
                  </p>
                </div>
                <div className="flex flex-col items-end gap-1">
                  <span className="font-semibold">{formatMoney(booking.total_amount, currency, language)}</span>
                  <Badge variant={STATUS_VARIANT[booking.status]}>{t(`booking_status.${booking.status}`)}</Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
