import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPhone } from '@/domain/phone';
import { useOrganizationSettings } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDate, formatNumber } from '@/lib/format';
import { isLanguage, type Language } from '@/lib/i18n';
import { dayOf, formatClock } from '../lib/message-time';
import type { Conversation } from '../schemas';
import { ChannelIcon } from './channel-icon';

/** The name a conversation goes by: the client's, else the sender's number or address. */
export function conversationTitle(conversation: Conversation, unknownLabel: string): string {
  if (conversation.client_name) return conversation.client_name;
  const address = conversation.conversation_key.replace(/^address:/, '');
  return address.startsWith('+') ? formatPhone(address) : address || unknownLabel;
}

function lastTime(value: string, language: Language, timeZone: string): string {
  // Today's messages by their clock time, older ones by their date (as chat apps do).
  const today = dayOf(new Date().toISOString(), timeZone);
  return dayOf(value, timeZone) === today
    ? formatClock(value, language, timeZone)
    : formatDate(value, language, 'short', timeZone);
}

export interface ConversationListProps {
  conversations: Conversation[] | undefined;
  pending: boolean;
  filtered: boolean;
  selectedKey: string | null;
  onSelect: (key: string) => void;
}

export function ConversationList({ conversations, pending, filtered, selectedKey, onSelect }: ConversationListProps) {
  const { t, i18n } = useTranslation('inbox');
  const { timeZone } = useOrganizationSettings();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';

  if (pending) {
    return (
      <div className="flex flex-col gap-2 p-3" aria-busy="true">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (!conversations || conversations.length === 0) {
    return (
      <EmptyState
        icon={MessagesSquare}
        title={filtered ? t('list.no_match') : t('list.empty')}
        description={filtered ? undefined : t('list.empty_description')}
        className="m-3 border-0"
      />
    );
  }
  return (
    <ul
      aria-label={t('list.label')}
      className="flex flex-col divide-y divide-stone-100"
      data-testid="conversation-list"
    >
      {conversations.map((conversation) => {
        const title = conversationTitle(conversation, t('list.unknown_sender'));
        const selected = conversation.conversation_key === selectedKey;
        const unread = conversation.unread_count;
        const preview = conversation.last_body ?? '';
        return (
          <li key={conversation.conversation_key}>
            <button
              type="button"
              onClick={() => onSelect(conversation.conversation_key)}
              aria-current={selected ? 'true' : undefined}
              data-testid="conversation-row"
              data-conversation={conversation.conversation_key}
              className={cn(
                'flex w-full items-start gap-3 px-3 py-3 text-start hover:bg-stone-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600',
                selected && 'bg-primary-50 hover:bg-primary-50',
              )}
            >
              {conversation.last_channel ? (
                <span className="mt-0.5">
                  <ChannelIcon channel={conversation.last_channel} />
                  <span className="sr-only">{t(`channels.${conversation.last_channel}`)} </span>
                </span>
              ) : null}
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="flex items-baseline gap-2">
                  <span className={cn('min-w-0 flex-1 truncate text-sm text-stone-900', unread > 0 && 'font-semibold')}>
                    <bdi>{title}</bdi>
                  </span>
                  {conversation.last_message_at ? (
                    <span className="shrink-0 text-xs text-stone-600">
                      {lastTime(conversation.last_message_at, language, timeZone)}
                    </span>
                  ) : null}
                </span>
                {conversation.unit_name && conversation.check_in && conversation.check_out ? (
                  <span className="truncate text-xs text-stone-600">
                    {/* Isolated: an Arabic unit name must not reorder the dates beside it. */}
                    <bdi>{conversation.unit_name}</bdi>
                    {' · '}
                    <bdi>
                      {formatDate(conversation.check_in, language, 'short', timeZone)} –{' '}
                      {formatDate(conversation.check_out, language, 'short', timeZone)}
                    </bdi>
                  </span>
                ) : null}
                <span className="flex items-center gap-2">
                  <span
                    className={cn('min-w-0 flex-1 truncate text-sm', unread > 0 ? 'text-stone-900' : 'text-stone-600')}
                  >
                    {conversation.last_direction === 'outbound' ? t('list.you', { text: preview }) : preview}
                  </span>
                  {conversation.opted_out ? (
                    <span className="shrink-0 text-xs text-amber-800">{t('list.opted_out')}</span>
                  ) : null}
                  {unread > 0 ? (
                    <span
                      className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-emerald-600 px-1.5 text-xs font-semibold text-white"
                      data-testid="conversation-unread"
                    >
                      <span aria-hidden="true">{formatNumber(unread, language)}</span>
                      <span className="sr-only"> {t('list.unread', { count: unread })}</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
