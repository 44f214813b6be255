import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { reasonSchema } from '@/domain/invoices';
import { getErrorMessage } from '@/lib/errors';

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** Title of the failure ("Failed to cancel invoice"); the reason is shown under it. */
  failureTitle: string;
  onConfirm: (reason: string) => Promise<unknown>;
  testId: string;
}

/** A step that is kept with its reason (cancelling, deleting a payment): asks for it, then acts. */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  failureTitle,
  onConfirm,
  testId,
}: ReasonDialogProps) {
  const { t } = useTranslation('invoices');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = reasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'form.errors.reason'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onConfirm(parsed.data);
      setReason('');
      onOpenChange(false);
    } catch (failure) {
      setError(`${failureTitle}: ${getErrorMessage(failure)}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('actions.close')} data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
          <Field label={t('reason_label')} error={error ?? undefined}>
            <Textarea value={reason} onChange={(event) => setReason(event.target.value)} data-testid="reason-input" />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={pending} data-testid="reason-confirm">
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
