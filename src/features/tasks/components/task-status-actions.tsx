import { CheckCircle2, Play } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useChangeTaskStatus } from '../api/change-task-status';
import type { TaskStatus } from '../schemas';

/** Start task → in progress; Mark complete → completed. Shown on cards, details and the vendor view. */
export function TaskStatusActions({
  taskId,
  status,
  size = 'sm',
}: {
  taskId: string;
  status: TaskStatus;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('tasks');
  const change = useChangeTaskStatus();
  // "Start task" goes away once started: the focus moves on to "Mark complete", the next step,
  // instead of falling to the top of the dialog (once the button is enabled again).
  const completeButton = useRef<HTMLButtonElement>(null);
  const focusComplete = useRef(false);
  useEffect(() => {
    if (!focusComplete.current || change.isPending || status !== 'in_progress') return;
    focusComplete.current = false;
    completeButton.current?.focus();
  }, [status, change.isPending]);
  if (status !== 'pending' && status !== 'in_progress') return null;
  const handle = (action: 'start' | 'complete') => {
    focusComplete.current = action === 'start';
    change.mutate(
      { id: taskId, action },
      {
        onSuccess: () => toast.success(action === 'start' ? t('toasts.started') : t('toasts.completed')),
        onError: () => {
          focusComplete.current = false;
        },
      },
    );
  };
  return (
    <div className="flex flex-wrap gap-2">
      {status === 'pending' ? (
        <Button size={size} variant="outline" disabled={change.isPending} onClick={() => handle('start')}>
          <Play aria-hidden="true" />
          {t('actions.start')}
        </Button>
      ) : null}
      <Button ref={completeButton} size={size} disabled={change.isPending} onClick={() => handle('complete')}>
        <CheckCircle2 aria-hidden="true" />
        {t('actions.complete')}
      </Button>
    </div>
  );
}
