import { CalendarDays } from 'lucide-react';
import { useDateFormat } from '@/lib/use-date-format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import type { Conversation } from '../schemas';

/** The guest's current or next stay (else the latest) on top of the thread, with a link to it. */
export function BookingCard({
  conversation,
  language,
  timeZone,
}: {
  conversation: Conversation;
  language: Language;
  timeZone: string;
}) {
  const { t } = useTranslation('inbox');
  const { hijriOf } = useDateFormat();
  if (!conversation.booking_id) {
    return conversation.client_id ? (
      <p className="border-b border-stone-200 bg-white px-4 py-2 text-xs text-stone-600">{t('thread.no_booking')}</p>
    ) : null;
  }
  const dates =
    conversation.check_in && conversation.check_out
      ? `${formatDate(conversation.check_in, language, 'medium', timeZone)} – ${formatDate(conversation.check_out, language, 'medium', timeZone)}`
      : null;
  return (
    <div className="flex items-center gap-3 border-b border-stone-200 bg-white px-4 py-2" data-testid="thread-booking">
      <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-stone-500" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="truncate font-medium text-stone-900">
          {conversation.unit_name ?? t('thread.booking', { reference: conversation.booking_reference ?? '' })}
        </p>
        <p className="truncate text-xs text-stone-600">
          {conversation.booking_reference ? <bdi>{conversation.booking_reference}</bdi> : null}
          {conversation.booking_reference && dates ? ' · ' : null}
          {dates}
          {conversation.check_in && conversation.check_out && hijriOf(conversation.check_in) ? (
            <span className="ms-1 text-stone-500" data-testid="hijri-date">
              ({hijriOf(conversation.check_in)} – {hijriOf(conversation.check_out)})
            </span>
          ) : null}
        </p>
      </div>
      <Link
        to={`${paths.dashboard.section('bookings')}?booking=${encodeURIComponent(conversation.booking_id)}`}
        className="shrink-0 text-sm font-medium text-primary-700 underline-offset-4 hover:underline"
      >
        {t('thread.open_booking')}
      </Link>
    </div>
  );
}
