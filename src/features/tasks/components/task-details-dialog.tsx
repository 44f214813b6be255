import { Ban, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { DualDate, HijriDate } from '@/components/dual-date';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import { usePermissions } from '@/lib/auth';
import { useChangeTaskStatus } from '../api/change-task-status';
import { useDeleteTask } from '../api/delete-task';
import { useTask, type TaskDetail } from '../api/get-task';
import { assigneeNames } from '../lib/task-display';
import { TaskPriorityBadge, TaskStatusBadge, TaskTypeBadge } from './task-badges';
import { TaskChecklist } from './task-checklist';
import { TaskConfirmAction } from './task-confirm-action';
import { TaskPhotos } from './task-photos';
import { TaskRating } from './task-rating';
import { TaskStatusActions } from './task-status-actions';
import { TaskTimeline } from './task-timeline';

export interface TaskDetailsDialogProps {
  taskId: string | null;
  organizationId: string;
  timeZone: string;
  onClose: () => void;
  onEdit: (task: TaskDetail) => void;
}

/** Everything about one task, with its checklist, photos, rating and the actions staff can take. */
export function TaskDetailsDialog({ taskId, organizationId, timeZone, onClose, onEdit }: TaskDetailsDialogProps) {
  const { t, i18n } = useTranslation('tasks');
  const language = i18n.language as Language;
  const query = useTask(taskId);
  const change = useChangeTaskStatus();
  const remove = useDeleteTask();
  // Checklist, photos, edit, cancel and delete need tasks.write: a read-only role sees the task only.
  const canWrite = usePermissions().can('tasks.write');
  const task = query.data;
  const open = task ? task.status === 'pending' || task.status === 'in_progress' : false;
  const vendor = task?.organization_vendor?.vendor;

  return (
    <Dialog open={Boolean(taskId)} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-2xl" closeLabel={t('actions.close')} aria-describedby={undefined}>
        {!task ? (
          query.isError ? (
            <>
              <DialogTitle>{t('errors.load_failed')}</DialogTitle>
              <p role="alert" className="text-sm text-red-700">
                {getErrorMessage(query.error)}
              </p>
            </>
          ) : (
            <>
              <DialogTitle className="sr-only">{t('title')}</DialogTitle>
              <Spinner label={t('title')} className="py-8" />
            </>
          )
        ) : (
          <>
            <DialogHeader>
              <div className="flex flex-wrap gap-1.5">
                <TaskStatusBadge status={task.status} />
                <TaskTypeBadge type={task.type} />
                <TaskPriorityBadge priority={task.priority} />
              </div>
              <DialogTitle>{localized(language, task.title, task.title_ar)}</DialogTitle>
              <DialogDescription>
                {localized(language, task.description, task.description_ar) || t('details.no_description')}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <Detail
                label={t('fields.unit')}
                value={task.unit ? localized(language, task.unit.name, task.unit.name_ar) : '—'}
              />
              <Detail
                label={t('fields.due')}
                value={
                  task.due_at ? (
                    <>
                      {formatDateTime(task.due_at, language, timeZone)} <HijriDate value={task.due_at} />
                    </>
                  ) : (
                    t('card.no_due')
                  )
                }
              />
              <Detail
                label={t('fields.assigned')}
                value={assigneeNames(task, language).join(' · ') || t('card.unassigned')}
              />
              <Detail
                label={t('fields.booking')}
                value={
                  task.booking ? (
                    <>
                      {task.booking.booking_reference} · <DualDate value={task.booking.check_in} /> →{' '}
                      <DualDate value={task.booking.check_out} />
                    </>
                  ) : (
                    '—'
                  )
                }
              />
              {task.recurrence ? (
                <Detail label={t('fields.recurrence')} value={t(`recurrence.${task.recurrence}`)} />
              ) : null}
            </dl>
            <TaskTimeline task={task} timeZone={timeZone} />
            <TaskChecklist taskId={task.id} checklist={task.checklist} editable={open && canWrite} />
            <TaskPhotos
              organizationId={organizationId}
              taskId={task.id}
              canUpload={canWrite && task.status !== 'cancelled'}
              canRemove={canWrite}
            />
            {task.status === 'completed' && vendor ? (
              <TaskRating
                taskId={task.id}
                vendorName={localized(language, vendor.name, vendor.name_ar)}
                rating={task.rating}
              />
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-4">
              <TaskStatusActions taskId={task.id} status={task.status} surface="details" size="md" />
              {canWrite ? (
                <div className="flex flex-wrap gap-2">
                  {task.status !== 'completed' && task.status !== 'cancelled' ? (
                    <Button variant="outline" onClick={() => onEdit(task)}>
                      <Pencil aria-hidden="true" />
                      {t('actions.edit')}
                    </Button>
                  ) : null}
                  {open ? (
                    <TaskConfirmAction
                      trigger={
                        <Button variant="outline">
                          <Ban aria-hidden="true" />
                          {t('actions.cancel_task')}
                        </Button>
                      }
                      title={t('confirm.cancel_title')}
                      description={t('confirm.cancel_description')}
                      confirmLabel={t('actions.cancel_task')}
                      onConfirm={() =>
                        change.mutate(
                          { id: task.id, action: 'cancel' },
                          { onSuccess: () => toast.success(t('toasts.cancelled')) },
                        )
                      }
                    />
                  ) : null}
                  <TaskConfirmAction
                    trigger={
                      <Button variant="ghost" className="text-red-700">
                        <Trash2 aria-hidden="true" />
                        {t('actions.delete')}
                      </Button>
                    }
                    title={t('confirm.delete_title')}
                    description={t('confirm.delete_description')}
                    confirmLabel={t('actions.delete')}
                    onConfirm={() =>
                      remove.mutate(task.id, {
                        onSuccess: () => {
                          toast.success(t('toasts.deleted'));
                          onClose();
                        },
                      })
                    }
                  />
                </div>
              ) : (
                <p className="text-sm text-stone-600" data-testid="task-read-only">
                  {t('details.read_only')}
                </p>
              )}
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="text-stone-900">{value}</dd>
    </div>
  );
}
