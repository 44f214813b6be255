import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { InvoiceStatus } from '@/domain/invoices';

const STATUS_VARIANT = {
  draft: 'neutral',
  pending: 'info',
  paid: 'success',
  overdue: 'danger',
  cancelled: 'neutral',
  refunded: 'warning',
} as const satisfies Record<InvoiceStatus, string>;

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('invoices');
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="invoice-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

const ZATCA_VARIANT: Record<string, 'neutral' | 'info' | 'success' | 'warning' | 'danger'> = {
  reported: 'success',
  cleared: 'success',
  warning: 'warning',
  queued: 'info',
  submitted: 'info',
  pending: 'info',
  rejected: 'danger',
  failed: 'danger',
};
const ZATCA_KNOWN = [
  'not_submitted',
  'pending',
  'queued',
  'submitted',
  'reported',
  'cleared',
  'rejected',
  'failed',
  'warning',
];

/** Where the document stands with ZATCA (reported, cleared, queued, failed…); nothing for drafts. */
export function ZatcaStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('invoices');
  const known = ZATCA_KNOWN.includes(status) ? status : 'pending';
  return (
    <Badge variant={ZATCA_VARIANT[known] ?? 'neutral'} data-testid="zatca-status">
      {t(`zatca_status.${known}`)}
    </Badge>
  );
}
