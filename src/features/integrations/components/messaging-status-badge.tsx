import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { MessagingStatus } from '../lib/messaging-provider-schema';

const VARIANT: Record<MessagingStatus, 'success' | 'warning' | 'danger' | 'neutral' | 'info'> = {
  active: 'success',
  platform: 'info',
  error: 'danger',
  not_connected: 'neutral',
};

/** A messaging provider's status (whatsapp_status / sms_status) in the reader's language. */
export function MessagingStatusBadge({ status, testId }: { status: MessagingStatus; testId?: string }) {
  const { t } = useTranslation('integrations');
  return (
    <Badge variant={VARIANT[status]} data-testid={testId} data-status={status}>
      {t(`messaging.status.${status}`)}
    </Badge>
  );
}
