import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { Language } from '@/lib/i18n';
import { formatClock } from '../lib/message-time';
import type { Message } from '../schemas';
import { ChannelIcon } from './channel-icon';
import { DeliveryStatus } from './delivery-status';

/**
 * One message as a chat bubble: the guest's at the inline start, ours at the inline end (so
 * Arabic mirrors it), its channel, its time in the organisation's zone and, for ours, the ticks;
 * a failure says why and whether it is retried.
 */
export function MessageBubble({
  message,
  language,
  timeZone,
}: {
  message: Message;
  language: Language;
  timeZone: string;
}) {
  const { t } = useTranslation('inbox');
  const outbound = message.direction === 'outbound';
  // A failed try leaves the message queued with the provider's reason until the function gives up
  // (contract §1.4: five attempts, then status 'failed').
  const retrying = outbound && message.status === 'queued' && message.error != null;
  return (
    <li
      className={cn('flex', outbound ? 'justify-end' : 'justify-start')}
      data-testid="message-bubble"
      data-direction={message.direction}
      data-message-id={message.id}
    >
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 shadow-sm sm:max-w-[70%]',
          outbound ? 'rounded-ee-sm bg-emerald-50 text-stone-900' : 'rounded-es-sm bg-white text-stone-900',
        )}
      >
        {message.subject ? <p className="mb-1 text-sm font-semibold">{message.subject}</p> : null}
        <p dir="auto" className="text-sm break-words whitespace-pre-wrap">
          {message.body}
        </p>
        <p className="mt-1 flex items-center justify-end gap-1.5 text-xs text-stone-600">
          <ChannelIcon channel={message.channel} className="size-3.5" />
          <span>{t('thread.via', { channel: t(`channels.${message.channel}`) })}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={message.created_at}>{formatClock(message.created_at, language, timeZone)}</time>
          {outbound ? <DeliveryStatus status={message.status} /> : null}
        </p>
        {outbound && (message.status === 'failed' || retrying) ? (
          <p role="status" className="mt-1 text-xs text-red-800" data-testid="message-failure">
            {message.error ? t('status.failed_reason', { reason: message.error }) : t('status.failed')}{' '}
            {message.status === 'failed' ? t('status.gave_up') : t('status.retrying')}
          </p>
        ) : null}
      </div>
    </li>
  );
}
