import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useOrganizationSettings } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { useTaskOptions } from '../api/get-task-options';
import { useSaveTask } from '../api/save-task';
import { isoToZonedParts } from '../lib/zoned-time';
import { emptyTaskForm, toTaskForm, type Task } from '../schemas';
import { TaskForm } from './task-form';

export interface TaskFormDialogProps {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this task; create a new one when absent. */
  task?: Task | null;
  /** "Schedule maintenance" opens the form as a maintenance task. */
  preset?: 'task' | 'maintenance';
}

export function TaskFormDialog({ organizationId, open, onOpenChange, task, preset = 'task' }: TaskFormDialogProps) {
  const { t, i18n } = useTranslation('tasks');
  const options = useTaskOptions(organizationId);
  const save = useSaveTask();
  const [error, setError] = useState<string | null>(null);
  const { timeZone } = useOrganizationSettings();
  const title = task
    ? t('form.edit_title')
    : preset === 'maintenance'
      ? t('form.maintenance_title')
      : t('form.new_title');

  const handleOpenChange = (next: boolean) => {
    if (!next) setError(null);
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-2xl" closeLabel={t('actions.close')}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        {options.data ? (
          <TaskForm
            key={task?.id ?? preset}
            options={options.data}
            defaultValues={
              task ? toTaskForm(task, (iso) => isoToZonedParts(iso, timeZone), i18n.language) : emptyTaskForm(preset)
            }
            submitLabel={task ? t('actions.save') : t('actions.create')}
            error={error}
            onCancel={() => handleOpenChange(false)}
            onSubmit={async (values) => {
              setError(null);
              try {
                await save.mutateAsync({ id: task?.id, values, timeZone });
                toast.success(task ? t('toasts.updated') : t('toasts.created'));
                handleOpenChange(false);
              } catch (failure) {
                // SPEC §8: "Failed to create task" / "Failed to update task", with the reason.
                setError(
                  `${task ? t('errors.update_failed') : t('errors.create_failed')}: ${getErrorMessage(failure)}`,
                );
              }
            }}
          />
        ) : options.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {getErrorMessage(options.error)}
          </p>
        ) : (
          <Spinner label={t('form.saving')} className="py-8" />
        )}
      </DialogContent>
    </Dialog>
  );
}
