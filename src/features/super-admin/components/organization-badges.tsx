import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { Plan } from '../schemas';

export function StatusBadge({ status }: { status: 'active' | 'suspended' }) {
  const { t } = useTranslation('super-admin');
  return (
    <Badge variant={status === 'active' ? 'success' : 'danger'} data-testid="organization-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function PlanBadge({ plan }: { plan: Plan }) {
  const { t } = useTranslation('super-admin');
  return (
    <Badge variant={plan === 'basic' ? 'neutral' : 'info'} data-testid="organization-plan">
      {t(`plans.${plan}`)}
    </Badge>
  );
}
