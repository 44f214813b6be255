import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
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
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCreateLockPasscode } from '../api/lock-create-passcode';
import { passcodeInputSchema, type PasscodeInput } from '../api/lock-schema';
import { LockErrorAlert } from './unit-lock-error';

/** Creates a 6-digit code (temporary with a start and end, or permanent) on the unit's lock. */
export function UnitLockPasscodeDialog({
  unitId,
  open,
  onOpenChange,
  container,
}: {
  unitId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog it is opened from, if any (rendered inside it: one focus trap, not two). */
  container?: HTMLElement | null;
}) {
  const { t } = useTranslation('locks');
  const create = useCreateLockPasscode(unitId);
  const form = useForm<PasscodeInput>({
    resolver: zodResolver(passcodeInputSchema),
    defaultValues: { name: '', code: '', kind: 'temporary', starts_at: '', ends_at: '' },
  });
  const kind = form.watch('kind');
  const errors = form.formState.errors;
  const message = (key?: string) => (key ? t(`errors.${key}`) : undefined);
  const close = (next: boolean) => {
    if (!next) {
      form.reset();
      create.reset();
    }
    onOpenChange(next);
  };
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast.success(t('passcodes.form.created'));
        close(false);
      },
    }),
  );
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="lock-passcode-dialog" container={container}>
        <DialogHeader>
          <DialogTitle>{t('passcodes.form.title')}</DialogTitle>
          <DialogDescription>{t('passcodes.form.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-3">
          <fieldset disabled={create.isPending} className="grid gap-3 sm:grid-cols-2">
            <Field label={t('passcodes.form.name')} error={message(errors.name?.message)}>
              <Input autoComplete="off" {...form.register('name')} />
            </Field>
            <Field label={t('passcodes.form.code')} error={message(errors.code?.message)}>
              <Input dir="ltr" inputMode="numeric" maxLength={6} autoComplete="off" {...form.register('code')} />
            </Field>
            <Field label={t('passcodes.form.kind')}>
              <Select {...form.register('kind')}>
                <option value="temporary">{t('passcodes.kinds.temporary')}</option>
                <option value="permanent">{t('passcodes.kinds.permanent')}</option>
              </Select>
            </Field>
            {kind === 'temporary' ? (
              <>
                <Field label={t('passcodes.form.starts_at')} error={message(errors.starts_at?.message)}>
                  <Input type="datetime-local" dir="ltr" {...form.register('starts_at')} />
                </Field>
                <Field label={t('passcodes.form.ends_at')} error={message(errors.ends_at?.message)}>
                  <Input type="datetime-local" dir="ltr" {...form.register('ends_at')} />
                </Field>
              </>
            ) : null}
          </fieldset>
          {create.error ? <LockErrorAlert error={create.error} fallback={t('passcodes.form.create_failed')} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('passcodes.form.creating') : t('passcodes.form.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
