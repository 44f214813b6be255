import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { suspendFormSchema, type SuspendForm } from '../schemas';

export interface SuspendDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationName: string;
  onSuspend: (reason: string) => Promise<unknown>;
}

/** Asks for the reason (its staff will read it) before suspending; Cancel has the focus first. */
export function SuspendDialog({ open, onOpenChange, organizationName, onSuspend }: SuspendDialogProps) {
  const { t } = useTranslation('super-admin');
  const form = useForm<SuspendForm>({ resolver: zodResolver(suspendFormSchema), defaultValues: { reason: '' } });
  const { formState } = form;
  const handleSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await onSuspend(reason);
    } catch {
      return; // the mutation's toast says why; the dialog stays open with the reason
    }
    form.reset();
    onOpenChange(false);
  });
  const error = formState.errors.reason?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" closeLabel={t('common:actions.close')} data-testid="suspend-dialog">
        <DialogHeader>
          <DialogTitle>{t('suspension.dialog_title', { organization: organizationName })}</DialogTitle>
          <DialogDescription>{t('suspension.dialog_description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
          <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
            <Field label={t('suspension.reason')} error={error ? t(error) : undefined}>
              <Textarea rows={3} maxLength={500} {...form.register('reason')} data-testid="suspend-reason" />
            </Field>
          </fieldset>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={formState.isSubmitting} data-testid="suspend-confirm">
              {t('suspension.suspend')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
