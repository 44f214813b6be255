import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { useAuth, useOrganizationSettings } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { isLanguage, type Language } from '@/lib/i18n';
import { useUnreadCount } from '../api/get-unread-count';
import { useLiveNotifications } from '../api/use-live-notifications';
import { unreadBadge } from '../lib/notification-text';
import { NotificationList } from './notification-list';

/**
 * The header's bell (issue 14): the unread count (live through Realtime since issue 16; polled on
 * focus and as the fallback) and, opened, a panel from the end side with the newest notifications.
 * Only staff have notifications; the list itself is fetched when the panel opens, so the page's
 * first render waits for nothing.
 */
export default function NotificationBell() {
  const { t, i18n } = useTranslation('notifications');
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { profile, organization } = useAuth();
  const staff = profile?.kind === 'staff';
  const { timeZone } = useOrganizationSettings();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { refetchInterval } = useLiveNotifications(staff ? organization?.id : null);
  const unread = useUnreadCount({ enabled: staff, refetchInterval });
  if (!staff) return null;
  const count = unread.data ?? 0;
  const label =
    count > 0 ? t('bell.label_unread', { count, formatted: formatNumber(count, language) }) : t('bell.label');

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={label} data-testid="notification-bell">
          <Bell aria-hidden="true" className="size-5!" />
          {count > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-count"
              className="absolute -top-0.5 -end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white"
            >
              {unreadBadge(count, language)}
            </span>
          ) : null}
        </Button>
      </SheetTrigger>
      <SheetContent
        side="end"
        closeLabel={t('bell.close')}
        className="w-96 max-w-full"
        data-testid="notification-panel"
      >
        <div className="border-b border-stone-200 px-4 pt-4 pb-3 pe-12">
          <SheetTitle className="text-lg font-semibold text-stone-900">{t('bell.title')}</SheetTitle>
          <SheetDescription className="text-sm text-stone-600">{t('bell.description')}</SheetDescription>
        </div>
        <NotificationList
          language={language}
          timeZone={timeZone}
          unreadCount={count}
          onOpen={(link) => {
            setOpen(false);
            if (link) void navigate(link);
          }}
        />
        <div className="border-t border-stone-200 p-3 text-sm">
          <Link
            to={paths.dashboard.settings.getHref('notifications')}
            className="text-primary-700 underline-offset-2 hover:underline"
            onClick={() => setOpen(false)}
          >
            {t('bell.settings_link')}
          </Link>
        </div>
      </SheetContent>
    </Sheet>
  );
}
