import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { ConnectionStatus } from '../lib/integration-schema';

const VARIANT: Record<ConnectionStatus, 'success' | 'warning' | 'danger' | 'neutral' | 'info'> = {
  active: 'success',
  connected: 'success',
  pending: 'info',
  setup_required: 'warning',
  disconnected: 'neutral',
};

/** An integration's status (SPEC §3 connection status) in the reader's language. */
export function IntegrationStatusBadge({ status, testId }: { status: ConnectionStatus; testId?: string }) {
  const { t } = useTranslation('integrations');
  return (
    <Badge variant={VARIANT[status]} data-testid={testId} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
