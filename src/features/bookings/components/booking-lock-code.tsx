import { KeyRound } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useOrganizationSettings, usePermissions } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import { useBookingStayCode } from '../api/get-booking-stay-code';
import { useRetryStayCode } from '../api/retry-stay-code';

const STATE_BADGE = { active: 'success', pending: 'info', failed: 'danger', removed: 'neutral' } as const;

function StayCode({ bookingId }: { bookingId: string }) {
  const { t, i18n } = useTranslation('locks');
  const { timeZone } = useOrganizationSettings();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const dateTime = (value: string) => formatDateTime(value, language, timeZone);
  const { data } = useBookingStayCode(bookingId);
  const { can } = usePermissions();
  const retry = useRetryStayCode(bookingId);
  if (!data) return null;
  return (
    <div className="grid gap-1 rounded-md border border-stone-200 px-3 py-2 text-sm" data-testid="booking-stay-code">
      <p className="flex flex-wrap items-center gap-2">
        <KeyRound aria-hidden="true" className="size-4" />
        <span className="font-medium">{t('stay_codes.door_code')}</span>
        <span className="font-mono text-base" dir="ltr">
          {data.code}
        </span>
        <Badge variant={STATE_BADGE[data.state as keyof typeof STATE_BADGE] ?? 'neutral'}>
          {t(`stay_codes.states.${data.state}`)}
        </Badge>
      </p>
      <p className="text-stone-600">
        {t('passcodes.from_to', { from: dateTime(data.starts_at), to: dateTime(data.ends_at) })}
      </p>
      {data.state === 'failed' ? (
        <div className="flex flex-wrap items-center gap-2">
          <p role="alert" className="text-red-800">
            {t('stay_codes.error', { reason: data.last_error ?? '', when: dateTime(data.next_attempt_at) })}
          </p>
          {can('bookings.write') || can('locks.write') ? (
            <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => retry.mutate()}>
              {t('stay_codes.retry')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The stay's door code on the booking (a code per stay, issue 15): the code, its validity and
 * whether the lock holds it; a failure with its reason and next try. Nothing without a code.
 * Its own Suspense boundary: the locks namespace loads without blanking the booking.
 */
export function BookingLockCode({ bookingId }: { bookingId: string }) {
  return (
    <Suspense fallback={null}>
      <StayCode bookingId={bookingId} />
    </Suspense>
  );
}
