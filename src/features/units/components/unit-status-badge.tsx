import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

export function UnitStatusBadge({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation('units');
  return <Badge variant={isActive ? 'success' : 'neutral'}>{t(isActive ? 'status.active' : 'status.inactive')}</Badge>;
}
