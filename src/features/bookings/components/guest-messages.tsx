import { Mail, MessageCircle, MessageSquareText } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '@/domain/phone';
import { useOrganizationSettings } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import { useGuestNotices, type GuestMessage, type GuestNotice } from '../api/get-guest-notices';

const CHANNEL_ICONS = { sms: MessageSquareText, whatsapp: MessageCircle, email: Mail } as const;
const CHANNEL_ORDER = Object.keys(CHANNEL_ICONS);
const SENT: ReadonlySet<GuestMessage['status']> = new Set(['sent', 'delivered', 'read']);

type NoticeState = 'sent' | 'failed' | 'retrying' | 'sending';

function noticeState(notice: GuestNotice): NoticeState {
  if (notice.sent_at) return 'sent';
  if (notice.failed_at) return 'failed';
  return notice.attempts > 0 && notice.last_error ? 'retrying' : 'sending';
}

// Colour only repeats what the words say.
const TONE: Record<NoticeState, string> = {
  sent: 'text-emerald-800',
  failed: 'text-red-700',
  retrying: 'text-amber-900',
  sending: 'text-stone-600',
};

/**
 * What the booking's guest was told (request received, confirmed, declined, lapsed; the review
 * link) and whether it reached them: each message with its channel, recipient and status, errors
 * in words. Read again every few seconds while a notice is on its way; nothing when there is none.
 */
export function GuestMessages({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('bookings');
  const headingId = useId();
  const notices = useGuestNotices(bookingId);
  if (!notices.isError && (notices.data?.length ?? 0) === 0) return null;

  return (
    <section aria-labelledby={headingId} className="grid gap-2" data-testid="guest-messages">
      <h3 id={headingId} className="text-sm font-semibold text-stone-900">
        {t('guest_messages.title')}
      </h3>
      {notices.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(notices.error)}
        </p>
      ) : null}
      {notices.data?.length ? (
        <ul className="grid gap-2">
          {notices.data.map((notice) => (
            <GuestNoticeItem key={notice.id} notice={notice} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function GuestNoticeItem({ notice }: { notice: GuestNotice }) {
  const { t, i18n } = useTranslation('bookings');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { timeZone } = useOrganizationSettings();
  const when = (value: string) => formatDateTime(value, language, timeZone);
  const state = noticeState(notice);
  const messages = [...notice.messages].sort(
    (a, b) => CHANNEL_ORDER.indexOf(a.channel) - CHANNEL_ORDER.indexOf(b.channel),
  );
  const unknown = t('guest_messages.unknown_error');

  const messageStatus = (message: GuestMessage): { tone: string; text: string } => {
    if (SENT.has(message.status)) {
      const time = when(message.sent_at ?? message.created_at);
      return { tone: TONE.sent, text: t(`guest_messages.message.${message.status}`, { time }) };
    }
    if (message.status === 'failed') {
      return { tone: TONE.failed, text: t('guest_messages.message.failed', { error: message.error || unknown }) };
    }
    // Queued: on its way, unless the notice was given up before it went.
    return notice.failed_at
      ? { tone: TONE.failed, text: t('guest_messages.message.not_sent') }
      : { tone: TONE.sending, text: t('guest_messages.message.sending') };
  };

  const noticeLine = (): string | null => {
    // A failed message shown above already says why; the notice's error would repeat it.
    const shownError = messages.some((message) => message.status === 'failed' && message.error);
    const error = notice.last_error || unknown;
    if (state === 'failed') {
      const key = messages.some((message) => SENT.has(message.status)) ? 'stopped' : 'not_reached';
      return shownError ? t(`guest_messages.notice.${key}`) : t(`guest_messages.notice.${key}_error`, { error });
    }
    if (state === 'retrying') {
      const time = when(notice.next_attempt_at);
      return shownError
        ? t('guest_messages.notice.retrying', { time })
        : t('guest_messages.notice.retrying_error', { error, time });
    }
    // Shown messages say it themselves; without them (no messages.read) the notice does.
    if (messages.length > 0) return null;
    return state === 'sent'
      ? t('guest_messages.notice.sent', { time: when(notice.sent_at ?? notice.created_at) })
      : t('guest_messages.notice.sending');
  };
  const line = noticeLine();

  // data-notice-state / data-message-status, not data-status: that one is the booking's badge.
  return (
    <li
      className="grid gap-1.5 rounded-md border border-stone-200 p-3 text-sm"
      data-testid="guest-notice"
      data-kind={notice.kind}
      data-notice-state={state}
    >
      <p className="font-medium text-stone-900">{t(`guest_messages.kind.${notice.kind}`)}</p>
      {messages.length > 0 ? (
        <ul className="grid gap-1">
          {messages.map((message) => {
            const Icon = CHANNEL_ICONS[message.channel];
            const status = messageStatus(message);
            return (
              <li
                key={message.id}
                className="flex flex-wrap items-center gap-x-2 gap-y-0.5"
                data-testid="guest-message"
                data-channel={message.channel}
                data-message-status={message.status}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0 text-stone-500" />
                <span className="text-stone-900">{t(`guest_messages.channel.${message.channel}`)}</span>
                <span dir="ltr" className="text-stone-700">
                  {message.channel === 'email' ? message.to_address : formatPhone(message.to_address)}
                </span>
                <span className={cn('ms-auto', status.tone)}>{status.text}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {line ? (
        <p className={TONE[state]} data-testid="guest-notice-state">
          {line}
        </p>
      ) : null}
      {state === 'sent' && messages.length === 0 ? (
        <p className="text-xs text-stone-600">{t('guest_messages.hidden')}</p>
      ) : null}
    </li>
  );
}
