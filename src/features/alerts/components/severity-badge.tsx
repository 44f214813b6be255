import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { AlertSeverity } from '../lib/alert-schema';

const VARIANT = { critical: 'danger', high: 'warning', medium: 'info', low: 'neutral' } as const;

/** An alert's severity: low / medium / high / critical, coloured from calm to urgent. */
export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  const { t } = useTranslation('alerts');
  return (
    <Badge variant={VARIANT[severity]} data-severity={severity}>
      {t(`severity.${severity}`)}
    </Badge>
  );
}
