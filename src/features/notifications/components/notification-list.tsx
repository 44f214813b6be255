import { BellOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/errors';
import type { Language } from '@/lib/i18n';
import { INBOX_LIMIT, useNotifications, type NotificationItem } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { notificationText, notificationTime } from '../lib/notification-text';

interface NotificationListProps {
  language: Language;
  timeZone: string;
  unreadCount: number;
  /** After a click: the panel closes and the app goes to the notification's link. */
  onOpen: (link: string | null) => void;
}

/** The panel's body: "Mark all as read", then the newest notifications, unread ones marked. */
export function NotificationList({ language, timeZone, unreadCount, onOpen }: NotificationListProps) {
  const { t } = useTranslation('notifications');
  const [limit, setLimit] = useState(INBOX_LIMIT);
  const list = useNotifications(limit);
  const mark = useMarkNotificationsRead();

  const open = (item: NotificationItem) => {
    if (!item.read_at) mark.mutate(item.id);
    onOpen(item.link);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex justify-end px-4 py-2">
        <Button
          variant="ghost"
          size="sm"
          disabled={unreadCount === 0 || mark.isPending}
          onClick={() => mark.mutate(undefined)}
          data-testid="notification-mark-all"
        >
          {t('bell.mark_all')}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        {list.isPending ? <Spinner label={t('bell.loading')} className="py-8" /> : null}
        {list.isError ? (
          <p role="alert" className="m-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
            {getErrorMessage(list.error)}
          </p>
        ) : null}
        {list.data?.length === 0 ? (
          <EmptyState
            icon={BellOff}
            title={t('bell.empty_title')}
            titleAs="h3"
            description={t('bell.empty_description')}
            className="m-2 border-none"
            data-testid="notification-empty"
          />
        ) : null}
        {list.data && list.data.length > 0 ? (
          <ul className="flex flex-col gap-1" data-testid="notification-list">
            {list.data.map((item) => {
              const words = notificationText(t, item.event, item.params, language, timeZone);
              const unread = item.read_at === null;
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => open(item)}
                    data-testid="notification-item"
                    data-unread={unread}
                    className={cn(
                      'flex w-full items-start gap-3 rounded-lg px-3 py-2.5 text-start hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary-600',
                      unread && 'bg-primary-50/70',
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className={cn('mt-2 size-2 shrink-0 rounded-full', unread ? 'bg-primary-600' : 'bg-transparent')}
                    />
                    <span className="min-w-0 flex-1">
                      {unread ? <span className="sr-only">{t('bell.unread')}: </span> : null}
                      <span className={cn('block text-sm text-stone-900', unread ? 'font-semibold' : 'font-normal')}>
                        {words.title}
                      </span>
                      {words.body ? <span className="block truncate text-sm text-stone-600">{words.body}</span> : null}
                      <time dateTime={item.created_at} className="block text-xs text-stone-500">
                        {notificationTime(t, item.created_at, language, timeZone)}
                      </time>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        {list.data && list.data.length >= limit ? (
          <div className="flex justify-center py-2">
            <Button
              variant="ghost"
              size="sm"
              disabled={list.isFetching}
              onClick={() => setLimit((current) => current + INBOX_LIMIT)}
              data-testid="notification-more"
            >
              {t('bell.more')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
