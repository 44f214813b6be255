import { CheckCircle2, Play } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/auth';
import { useChangeTaskStatus } from '../api/change-task-status';
import type { TaskStatus } from '../schemas';

/** Where the buttons are: the same task can show them on its board card and in its details at once. */
export type TaskActionsSurface = 'card' | 'list' | 'details' | 'vendor';

/**
 * The "Start task" press whose focus should land on "Mark complete", kept outside the component:
 * on the board the started card moves to the In progress column and mounts anew, and the
 * component that was pressed no longer exists to move the focus.
 */
let focusAfterStart: { taskId: string; surface: TaskActionsSurface } | null = null;

/** Start task → in progress; Mark complete → completed. Shown on cards, details and the vendor view. */
export function TaskStatusActions({
  taskId,
  status,
  surface,
  size = 'sm',
}: {
  taskId: string;
  status: TaskStatus;
  surface: TaskActionsSurface;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('tasks');
  const change = useChangeTaskStatus();
  // Staff need tasks.write; a vendor's own tasks are theirs to move (the database checks both).
  const allowed = usePermissions().can('tasks.write') || surface === 'vendor';
  // "Start task" goes away once started: the focus moves on to "Mark complete", the next step,
  // instead of falling to the top of the dialog or the page (once the button is enabled again),
  // in this component or in the one that shows the same task on the same surface after a remount.
  const completeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (change.isPending || status !== 'in_progress') return;
    if (focusAfterStart?.taskId !== taskId || focusAfterStart.surface !== surface) return;
    focusAfterStart = null;
    completeButton.current?.focus();
  }, [status, change.isPending, taskId, surface]);
  if (!allowed || (status !== 'pending' && status !== 'in_progress')) return null;
  const handle = (action: 'start' | 'complete') => {
    focusAfterStart = action === 'start' ? { taskId, surface } : null;
    change.mutate(
      { id: taskId, action },
      {
        onSuccess: () => toast.success(action === 'start' ? t('toasts.started') : t('toasts.completed')),
        onError: () => {
          focusAfterStart = null;
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
