import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSaveLockIntegration } from '../api/save-lock-integration';
import { lockAccountSchema, type LockAccountInput } from '../lib/integration-schema';
import { IntegrationError } from './integration-error';

/**
 * The organisation's TTLock account: username, password, client id and secret. The secrets are
 * write-only (set_lock_integration): the form never receives them, a blank field keeps them.
 */
export function TtlockAccountForm({
  username,
  secretsStored,
  onSaved,
}: {
  username: string;
  secretsStored: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation('integrations');
  const save = useSaveLockIntegration();
  const form = useForm<LockAccountInput>({
    resolver: zodResolver(lockAccountSchema(secretsStored)),
    defaultValues: { username, password: '', client_id: '', client_secret: '' },
  });
  const errors = form.formState.errors;
  const required = (failed: boolean) => (failed ? t('ttlock.required') : undefined);
  const hint = secretsStored ? t('ttlock.secret_stored') : undefined;
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast.success(t('ttlock.saved'));
        form.reset({ ...values, password: '', client_id: '', client_secret: '' });
        onSaved();
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" data-testid="ttlock-form">
      <fieldset disabled={save.isPending} className="grid gap-3 sm:grid-cols-2">
        <Field label={t('ttlock.username')} error={required(!!errors.username)}>
          <Input dir="ltr" autoComplete="off" {...form.register('username')} />
        </Field>
        <Field label={t('ttlock.password')} hint={hint} error={required(!!errors.password)}>
          <Input type="password" dir="ltr" autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label={t('ttlock.client_id')} hint={hint} error={required(!!errors.client_id)}>
          <Input dir="ltr" autoComplete="off" {...form.register('client_id')} />
        </Field>
        <Field label={t('ttlock.client_secret')} hint={hint} error={required(!!errors.client_secret)}>
          <Input type="password" dir="ltr" autoComplete="new-password" {...form.register('client_secret')} />
        </Field>
      </fieldset>
      {save.error ? <IntegrationError error={save.error} testId="ttlock-save-error" /> : null}
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending ? t('ttlock.saving') : t('ttlock.save')}
      </Button>
    </form>
  );
}
