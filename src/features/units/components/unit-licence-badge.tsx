import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatNumber } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import type { LicenceStatus } from '../lib/licence';

const VARIANT = { valid: 'success', expiring: 'warning', expired: 'danger', missing: 'neutral' } as const;

/** The licence's state in words: valid / expires in N days / expired N days ago / no licence. */
export function LicenceBadge({ status, className }: { status: LicenceStatus; className?: string }) {
  const { t, i18n } = useTranslation('units');
  const language = i18n.language as Language;
  const label =
    status.kind === 'missing'
      ? t('licence.status.missing')
      : t(`licence.status.${status.kind}`, { count: status.days, days: formatNumber(status.days, language) });
  return (
    <Badge variant={VARIANT[status.kind]} className={className} data-testid="licence-flag" data-status={status.kind}>
      {label}
    </Badge>
  );
}
