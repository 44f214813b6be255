import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { STATUS_STYLES } from '../lib/booking-status';
import type { BookingStatus } from '../schemas';

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('bookings');
  return (
    <Badge variant={STATUS_STYLES[status].badge} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
