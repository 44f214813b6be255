import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePermissions } from '@/lib/auth';

/**
 * "Message": a guest's conversation in the inbox, from another screen (a client's details). Only
 * for roles that may read messages; the label lives in `common` so no screen waits for the inbox's texts.
 */
export function MessageGuestLink({ clientId }: { clientId: string }) {
  const { t } = useTranslation('common');
  const canRead = usePermissions().can('messages.read');
  if (!canRead) return null;
  return (
    <Link
      to={paths.dashboard.inbox.getHref(`client:${clientId}`)}
      className={buttonVariants({ variant: 'outline', size: 'sm' })}
      data-testid="message-guest"
    >
      <MessagesSquare aria-hidden="true" />
      {t('nav.message_guest')}
    </Link>
  );
}
