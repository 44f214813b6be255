import { Hourglass, Pencil } from 'lucide-react';
import { DualDate } from '@/components/dual-date';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useOrganizationSettings, usePermissions } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import { formatPhone } from '@/domain/phone';
import { useBooking, type BookingDetail } from '../api/get-booking';
import { cancellationReasonKey, isEditable, requestNoticeChannels } from '../lib/booking-status';
import { BookingActions } from './booking-actions';
import { BookingLockCode } from './booking-lock-code';
import { GuestMessages } from './guest-messages';
import { StatusBadge } from './status-badge';
import { localized } from '@/lib/localized';

export interface BookingDetailsDialogProps {
  bookingId: string | null;
  onOpenChange: (open: boolean) => void;
  onEdit: (booking: BookingDetail) => void;
}

export function BookingDetailsDialog({ bookingId, onOpenChange, onEdit }: BookingDetailsDialogProps) {
  // Status changes and edits need bookings.write: a read-only role sees the booking only.
  const canWrite = usePermissions().can('bookings.write');
  const { t, i18n } = useTranslation('bookings');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { currency, timeZone } = useOrganizationSettings();
  const booking = useBooking(bookingId);
  const data = booking.data;

  // A reason the database wrote itself (an expired public request) is shown in the UI language.
  const reasonText = (reason: string) => {
    const key = cancellationReasonKey(reason);
    return key ? t(key) : reason;
  };
  const row = (label: string, value: ReactNode, testId?: string) => (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-stone-600">{label}</dt>
      <dd className="text-end font-medium text-stone-900" data-testid={testId}>
        {value || '—'}
      </dd>
    </div>
  );

  return (
    <Dialog open={bookingId !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common:actions.close')} data-testid="booking-details">
        <DialogHeader>
          <DialogTitle>
            {t('details.title')}{' '}
            <span dir="ltr" className="font-mono">
              {data?.booking_reference}
            </span>
          </DialogTitle>
          <DialogDescription>{data ? <StatusBadge status={data.status} /> : t('common:loading')}</DialogDescription>
        </DialogHeader>
        {booking.isPending ? <Spinner label={t('common:loading')} /> : null}
        {booking.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {getErrorMessage(booking.error)}
          </p>
        ) : null}
        {data ? (
          <>
            {data.status === 'pending' && data.request_expires_at ? (
              <p
                className="flex items-start gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
                data-testid="request-notice"
              >
                <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {t('details.request_notice', { time: formatDateTime(data.request_expires_at, language, timeZone) })}
              </p>
            ) : null}
            <dl className="divide-y divide-stone-100">
              {row(
                t('fields.guest'),
                // The phone isolated left-to-right, so Arabic text around it does not reorder its digits.
                data.client ? `${data.client.name} · \u2066${formatPhone(data.client.phone)}\u2069` : null,
              )}
              {row(t('fields.unit'), data.unit ? localized(language, data.unit.name, data.unit.name_ar) : undefined)}
              {row(t('fields.check_in'), <DualDate value={data.check_in} style="long" />)}
              {row(t('fields.check_out'), <DualDate value={data.check_out} style="long" />)}
              {row(t('fields.nights'), formatNumber(data.nights ?? 0, language))}
              {row(t('fields.guests_count'), formatNumber(data.guests_count, language))}
              {row(t('fields.source'), t(`source.${data.source}`))}
              {row(t('fields.total_amount'), formatMoney(data.total_amount, currency, language), 'booking-total')}
              {row(t('fields.special_requests'), data.special_requests)}
              {data.cancellation_reason
                ? row(t('fields.cancellation_reason'), reasonText(data.cancellation_reason))
                : null}
              {data.checked_in_at
                ? row(t('details.checked_in_at'), formatDateTime(data.checked_in_at, language, timeZone))
                : null}
              {data.checked_out_at
                ? row(t('details.checked_out_at'), formatDateTime(data.checked_out_at, language, timeZone))
                : null}
            </dl>
            <BookingLockCode bookingId={data.id} />
            {canWrite ? (
              <div className="flex flex-wrap justify-between gap-2">
                <BookingActions
                  id={data.id}
                  reference={data.booking_reference}
                  status={data.status}
                  guestNotice={requestNoticeChannels(data)}
                />
                {isEditable(data.status) ? (
                  <Button variant="outline" onClick={() => onEdit(data)} data-testid="edit-booking">
                    <Pencil aria-hidden="true" />
                    {t('actions.edit')}
                  </Button>
                ) : null}
              </div>
            ) : (
              <p className="text-sm text-stone-600" data-testid="booking-read-only">
                {t('details.read_only')}
              </p>
            )}
            {/* After the actions, so a notice arriving while staff act never moves the buttons. */}
            <GuestMessages bookingId={data.id} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
