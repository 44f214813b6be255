import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { TaskPriority, TaskStatus, TaskType } from '../schemas';

const PRIORITY_VARIANT = { low: 'neutral', medium: 'info', high: 'warning', urgent: 'danger' } as const;
const STATUS_VARIANT = { pending: 'neutral', in_progress: 'info', completed: 'success', cancelled: 'danger' } as const;

export function TaskTypeBadge({ type }: { type: TaskType }) {
  const { t } = useTranslation('tasks');
  return <Badge variant="neutral">{t(`type.${type}`)}</Badge>;
}

export function TaskPriorityBadge({ priority }: { priority: TaskPriority }) {
  const { t } = useTranslation('tasks');
  return (
    <Badge variant={PRIORITY_VARIANT[priority]} data-priority={priority}>
      {t(`priority.${priority}`)}
    </Badge>
  );
}

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('tasks');
  return (
    <Badge variant={STATUS_VARIANT[status]} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
