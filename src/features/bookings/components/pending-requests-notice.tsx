import { Hourglass } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useOrganizationSettings } from '@/lib/auth';
import { formatDate, formatDateTime, LOCALES } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import type { StayConflict } from '../api/get-booking-conflicts';

export interface PendingRequestsNoticeProps {
  /** The public requests (waiting for an answer) that hold the chosen dates, and nothing else. */
  requests: StayConflict[];
  /** Closes the form and shows the request, where it can be confirmed. */
  onOpen: (id: string) => void;
  /** Declines exactly these requests and saves the booking (one transaction); rejects on failure. */
  onDeclineAndBook: (requestIds: string[]) => Promise<unknown>;
  disabled?: boolean;
}

/**
 * The dates staff chose are held only by requests from the organisation's public page: says so
 * (who asked, for which dates, when the hold lapses) and offers the choice instead of a dead end:
 * decline and book (asks first: the guest's request is cancelled), open the request to confirm
 * it, or change the dates in the form above. The question is asked in place, not in a second
 * modal over the form's dialog: focus moves to "Keep the request" and returns to the decline
 * button when kept.
 */
export function PendingRequestsNotice({ requests, onOpen, onDeclineAndBook, disabled }: PendingRequestsNoticeProps) {
  const { t, i18n } = useTranslation('bookings');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { timeZone } = useOrganizationSettings();
  const headingId = useId();
  const confirmTitleId = useId();
  const confirmTextId = useId();
  const [confirming, setConfirming] = useState(false);
  const [declining, setDeclining] = useState(false);
  const declineRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
    else if (asked.current) declineRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const references = new Intl.ListFormat(LOCALES[language], { type: 'conjunction' }).format(
    requests.map((request) => request.reference),
  );

  const decline = async () => {
    setDeclining(true);
    try {
      await onDeclineAndBook(requests.map((request) => request.id));
      setConfirming(false);
    } catch {
      // The form shows why; the question closes so the staff member can read it and choose again.
      setConfirming(false);
    } finally {
      setDeclining(false);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="pending-requests"
    >
      <p id={headingId} className="flex items-center gap-2 font-semibold" role="alert">
        <Hourglass aria-hidden="true" className="size-4 shrink-0" />
        {t('pending_requests.title')}
      </p>
      <ul className="mt-2 grid gap-2">
        {requests.map((request) => (
          <li
            key={request.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded bg-white/70 p-2"
            data-testid="pending-request"
            data-reference={request.reference}
          >
            <div>
              <p className="font-medium">
                <span dir="ltr" className="font-mono">
                  {request.reference}
                </span>{' '}
                · {request.guest}
              </p>
              <p>
                {t('pending_requests.dates', {
                  from: formatDate(request.checkIn, language),
                  to: formatDate(request.checkOut, language),
                })}
              </p>
              <p data-testid="pending-request-lapses">
                {t('pending_requests.lapses', {
                  time: formatDateTime(request.requestExpiresAt ?? '', language, timeZone),
                })}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => onOpen(request.id)}
              disabled={disabled}
              aria-label={t('pending_requests.open_label', { reference: request.reference })}
              data-testid="open-request"
            >
              {t('pending_requests.open')}
            </Button>
          </li>
        ))}
      </ul>
      <p className="mt-2">{t('pending_requests.choose')}</p>
      {confirming ? (
        <div
          role="group"
          aria-labelledby={confirmTitleId}
          aria-describedby={confirmTextId}
          className="mt-3 rounded-md border border-red-300 bg-white p-3"
          data-testid="decline-confirmation"
        >
          <p id={confirmTitleId} className="font-semibold text-stone-900">
            {t('pending_requests.confirm_title')}
          </p>
          <p id={confirmTextId} className="mt-1 text-stone-700">
            {t('pending_requests.confirm_description', { references })}
          </p>
          <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button ref={keepRef} variant="outline" onClick={() => setConfirming(false)} disabled={declining}>
              {t('pending_requests.confirm_keep')}
            </Button>
            <Button
              variant="destructive"
              onClick={() => void decline()}
              disabled={declining || disabled}
              data-testid="confirm-decline-and-book"
            >
              {t('pending_requests.confirm_decline')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-2 flex justify-end">
          <Button
            ref={declineRef}
            variant="destructive"
            onClick={() => setConfirming(true)}
            disabled={disabled}
            data-testid="decline-and-book"
          >
            {t('pending_requests.decline_and_book')}
          </Button>
        </div>
      )}
    </section>
  );
}
