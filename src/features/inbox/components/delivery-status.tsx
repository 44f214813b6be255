import { AlertCircle, Check, CheckCheck, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { MessageStatus } from '../schemas';

/**
 * WhatsApp's ticks for an outbound message: a clock while queued, ✓ sent, ✓✓ delivered, ✓✓ in
 * blue once read, and a warning sign when it failed. The status is also spoken (sr-only).
 */
export function DeliveryStatus({ status }: { status: MessageStatus }) {
  const { t } = useTranslation('inbox');
  const Icon = { queued: Clock, sent: Check, delivered: CheckCheck, read: CheckCheck, failed: AlertCircle }[status];
  return (
    <span
      className="inline-flex items-center"
      data-testid="delivery-status"
      data-status={status}
      title={t(`status.${status}`)}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'size-4',
          status === 'read' ? 'text-sky-600' : status === 'failed' ? 'text-red-700' : 'text-stone-500',
        )}
      />
      <span className="sr-only">{t(`status.${status}`)}</span>
    </span>
  );
}
