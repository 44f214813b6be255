import { useTranslation } from 'react-i18next';
import { useAuth, usePermissions } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import { useUnreadTotal } from '../api/get-unread-total';
import { useLiveUnreadTotal } from '../lib/use-inbox-realtime';

/**
 * The navigation's count of guests' messages nobody has opened yet (issue 16); nothing when there
 * are none. Asked only of members who may read messages; live through Realtime.
 */
export function InboxNavBadge() {
  const { t, i18n } = useTranslation('common');
  const auth = useAuth();
  const staff = auth.profile?.kind === 'staff';
  const canRead = usePermissions().can('messages.read');
  const unread = useUnreadTotal({ enabled: staff && canRead });
  useLiveUnreadTotal(staff && canRead ? auth.organization?.id : null);
  const count = unread.data ?? 0;
  if (count === 0) return null;
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <span
      className="ms-auto inline-flex min-w-5 items-center justify-center rounded-full bg-primary-700 px-1.5 text-xs font-semibold text-white"
      data-testid="inbox-unread-total"
    >
      <span aria-hidden="true">{count > 99 ? '99+' : formatNumber(count, language)}</span>
      {/* The link reads "Inbox, 3 unread": a space keeps the words apart in its accessible name. */}
      <span className="sr-only"> {t('nav.inbox_unread', { count })}</span>
    </span>
  );
}
