import { ArrowLeft } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPhone } from '@/domain/phone';
import { formatDate } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { useThread } from '../api/get-thread';
import { useTemplates } from '../api/get-templates';
import { useWhatsappWindow } from '../api/get-whatsapp-window';
import { useMarkConversationSeen } from '../api/mark-conversation-seen';
import { dayName, groupByDay } from '../lib/message-time';
import type { Conversation } from '../schemas';
import { BookingCard } from './booking-card';
import { Composer } from './composer';
import { conversationTitle } from './conversation-list';
import { MessageBubble } from './message-bubble';

/** The window could not be read: WhatsApp is not offered, SMS and e-mail still are. */
const WINDOW_UNKNOWN = { open: false, closes_at: null, connected: false } as const;

export interface ThreadViewProps {
  conversation: Conversation;
  canWrite: boolean;
  language: Language;
  timeZone: string;
  onBack: () => void;
}

/** One guest's messages, newest at the bottom, with their stay on top and the reply box below. */
export function ThreadView({ conversation, canWrite, language, timeZone, onBack }: ThreadViewProps) {
  const { t } = useTranslation('inbox');
  const key = conversation.conversation_key;
  const thread = useThread(key);
  const whatsappWindow = useWhatsappWindow(conversation.client_id);
  const templates = useTemplates(canWrite);
  const markSeen = useMarkConversationSeen();
  const title = conversationTitle(conversation, t('list.unknown_sender'));
  const headingId = useId();

  // Opening the thread — and a reply arriving while it is open — marks the guest's messages seen.
  const unseen = (thread.data ?? []).filter((message) => message.direction === 'inbound' && !message.seen_at);
  const unseenSignature = `${key}|${unseen.map((message) => message.id).join(',')}`;
  const marked = useRef<string | null>(null);
  const { mutate: mark } = markSeen;
  useEffect(() => {
    if (!thread.data || marked.current === unseenSignature) return;
    if (unseen.length === 0 && conversation.unread_count === 0) return;
    marked.current = unseenSignature;
    mark(key);
  }, [thread.data, unseenSignature, unseen.length, conversation.unread_count, key, mark]);

  // Keep the newest message in view as messages arrive (the log scrolls, not the page).
  const log = useRef<HTMLDivElement>(null);
  const count = thread.data?.length ?? 0;
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [count, key]);

  const address = conversation.client_phone ?? conversation.client_email;
  return (
    <section
      aria-label={t('thread.label', { name: title })}
      className="flex min-h-0 flex-1 flex-col"
      data-testid="thread"
    >
      <header className="flex items-center gap-2 border-b border-stone-200 bg-white px-2 py-2">
        <Button variant="ghost" size="icon" onClick={onBack} className="lg:hidden" aria-label={t('thread.back')}>
          <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
        </Button>
        <div className="min-w-0 px-2">
          <h2 id={headingId} className="truncate text-base font-semibold text-stone-900">
            <bdi>{title}</bdi>
          </h2>
          {address ? (
            <p className="truncate text-xs text-stone-600" dir="ltr">
              {conversation.client_phone ? formatPhone(conversation.client_phone) : address}
            </p>
          ) : null}
        </div>
      </header>
      <BookingCard conversation={conversation} language={language} timeZone={timeZone} />
      <div
        // A log: new messages are announced; focusable so the keyboard can scroll it.
        ref={log}
        role="log"
        aria-label={t('thread.label', { name: title })}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto bg-stone-100 px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600"
        data-testid="thread-messages"
      >
        {thread.isPending ? <Skeleton className="h-32 w-full" /> : null}
        {thread.data && thread.data.length === 0 ? (
          <p className="py-8 text-center text-sm text-stone-600">{t('thread.empty')}</p>
        ) : null}
        {groupByDay(thread.data ?? [], timeZone).map((group) => {
          const name = dayName(group.day, timeZone);
          const label =
            name.kind === 'date' ? formatDate(name.day, language, 'long', timeZone) : t(`thread.${name.kind}`);
          return (
            <div key={group.day} className="flex flex-col gap-2">
              <p className="my-2 self-center rounded-full bg-white px-3 py-0.5 text-xs text-stone-700 shadow-sm">
                {label}
              </p>
              <ol className="flex flex-col gap-2">
                {group.messages.map((message) => (
                  <MessageBubble key={message.id} message={message} language={language} timeZone={timeZone} />
                ))}
              </ol>
            </div>
          );
        })}
      </div>
      {canWrite ? (
        <Composer
          key={key}
          conversation={conversation}
          templates={templates.data ?? []}
          whatsappWindow={whatsappWindow.isError ? WINDOW_UNKNOWN : whatsappWindow.data}
          language={language}
          timeZone={timeZone}
        />
      ) : (
        <p
          className="border-t border-stone-200 bg-stone-50 p-4 text-sm text-stone-700"
          data-testid="composer-read-only"
        >
          {t('composer.read_only')}
        </p>
      )}
    </section>
  );
}
