import { Crown } from 'lucide-react';
import { DualDate } from '@/components/dual-date';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { useOrganizationSettings } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { formatDate, formatMoney } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import { formatPhone } from '@/domain/phone';
import { useClientBookings } from '../api/get-client-bookings';
import type { ClientRow } from '../api/get-clients';
import { nationalityName } from '../lib/nationalities';
import { localized } from '@/lib/localized';

/** A client's details and stays (SPEC §2: view a client's bookings). */
export function ClientDetailsSheet({
  client,
  onOpenChange,
  actions,
}: {
  client: ClientRow | null;
  onOpenChange: (open: boolean) => void;
  /** What other features offer for this client (the inbox's "Message"), composed by the route. */
  actions?: (client: ClientRow) => ReactNode;
}) {
  const { t, i18n } = useTranslation(['clients', 'bookings']);
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { currency } = useOrganizationSettings();
  const bookings = useClientBookings(client?.id ?? null);

  const detail = (label: string, value: string | null | undefined, ltr = false) => (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-stone-600">{label}</dt>
      <dd className="font-medium text-stone-900" dir={ltr ? 'ltr' : undefined}>
        {value || '—'}
      </dd>
    </div>
  );

  return (
    <Sheet open={client !== null} onOpenChange={onOpenChange}>
      <SheetContent
        side="end"
        closeLabel={t('common:actions.close')}
        className="w-[28rem] overflow-y-auto p-6"
        data-testid="client-details"
      >
        {client ? (
          <>
            <SheetTitle className="pe-8 text-lg font-semibold text-stone-900">{client.name}</SheetTitle>
            <SheetDescription className="mb-4 text-sm text-stone-600">
              {client.is_vip ? (
                <Badge variant="warning">
                  <Crown aria-hidden="true" className="size-3" />
                  {t('fields.is_vip')}
                </Badge>
              ) : null}
            </SheetDescription>
            {actions ? <div className="mb-4 flex flex-wrap gap-2">{actions(client)}</div> : null}
            <dl className="divide-y divide-stone-100">
              {detail(t('fields.phone'), formatPhone(client.phone), true)}
              {detail(t('fields.email'), client.email, true)}
              {detail(t('fields.nationality'), nationalityName(client.nationality, language))}
              {detail(t('fields.national_id'), client.national_id, true)}
              {detail(t('fields.passport_number'), client.passport_number, true)}
              {detail(t('fields.preferred_language'), t(`languages.${client.preferred_language}`))}
              {detail(t('fields.member_since'), formatDate(client.member_since, language))}
            </dl>
            <h3 className="mt-6 mb-2 font-semibold text-stone-900">{t('details.bookings_title')}</h3>
            {bookings.isPending ? <Spinner label={t('common:loading')} /> : null}
            {bookings.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {getErrorMessage(bookings.error)}
              </p>
            ) : null}
            {bookings.data?.length === 0 ? <p className="text-sm text-stone-600">{t('details.no_bookings')}</p> : null}
            <ul className="flex flex-col gap-2" data-testid="client-bookings">
              {bookings.data?.map((booking) => (
                <li key={booking.id} className="rounded-lg border border-stone-200 p-3 text-sm">
                  <div className="flex justify-between gap-2">
                    <span className="font-mono" dir="ltr">
                      {booking.booking_reference}
                    </span>
                    <Badge>{t(`bookings:status.${booking.status}`)}</Badge>
                  </div>
                  <p className="text-stone-700">
                    {booking.unit ? localized(language, booking.unit.name, booking.unit.name_ar) : null}
                  </p>
                  <p className="text-stone-600">
                    <DualDate value={booking.check_in} /> – <DualDate value={booking.check_out} /> ·{' '}
                    {formatMoney(booking.total_amount, currency, language)}
                  </p>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
