import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { Tables } from '@/types/database';
import { lockSettingsSchema, type LockSettingsInput } from '../api/lock-schema';
import { useSaveLockSettings } from '../api/lock-save-settings';
import { useTestLockConnection } from '../api/lock-test-connection';
import { LockErrorAlert } from './unit-lock-error';

/**
 * The unit's lock identifiers and its TTLock account. The password, client id and secret are
 * write-only (set_unit_lock_credentials): the form never receives them, a blank field keeps them.
 */
export function UnitLockSettings({ unit, canWrite }: { unit: Tables<'units'>; canWrite: boolean }) {
  const { t } = useTranslation('locks');
  const save = useSaveLockSettings(unit.id);
  const test = useTestLockConnection(unit.id);
  const form = useForm<LockSettingsInput>({
    resolver: zodResolver(lockSettingsSchema),
    defaultValues: {
      smart_lock_id: unit.smart_lock_id ?? '',
      lock_mac_address: unit.lock_mac_address ?? '',
      lock_gateway_id: unit.lock_gateway_id ?? '',
      account_username: unit.lock_account_username ?? '',
      account_password: '',
      client_id: '',
      client_secret: '',
    },
  });
  const secretHint = unit.lock_credentials_configured ? t('settings.secret_stored') : t('settings.secret_empty');
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast.success(t('settings.saved'));
        form.reset({ ...values, account_password: '', client_id: '', client_secret: '' });
      },
    }),
  );
  const errors = form.formState.errors;
  const connection = test.data;
  return (
    <section className="grid gap-3" aria-labelledby="lock-settings-title">
      <h3 id="lock-settings-title" className="text-base font-semibold">
        {t('settings.title')}
      </h3>
      <form onSubmit={onSubmit} noValidate className="grid gap-3" data-testid="lock-settings-form">
        <fieldset disabled={!canWrite || save.isPending} className="grid gap-3 sm:grid-cols-3">
          <Field label={t('settings.lock_id')}>
            <Input dir="ltr" autoComplete="off" {...form.register('smart_lock_id')} />
          </Field>
          <Field label={t('settings.mac')} error={errors.lock_mac_address ? t('settings.mac_invalid') : undefined}>
            <Input
              dir="ltr"
              autoComplete="off"
              placeholder="a4:c1:38:2f:10:01"
              {...form.register('lock_mac_address')}
            />
          </Field>
          <Field label={t('settings.gateway')}>
            <Input dir="ltr" autoComplete="off" {...form.register('lock_gateway_id')} />
          </Field>
        </fieldset>
        <p className="text-sm text-stone-600">{t('settings.account_hint')}</p>
        <fieldset disabled={!canWrite || save.isPending} className="grid gap-3 sm:grid-cols-2">
          <Field label={t('settings.username')}>
            <Input dir="ltr" autoComplete="off" {...form.register('account_username')} />
          </Field>
          <Field label={t('settings.password')} hint={secretHint}>
            <Input type="password" dir="ltr" autoComplete="new-password" {...form.register('account_password')} />
          </Field>
          <Field label={t('settings.client_id')} hint={secretHint}>
            <Input dir="ltr" autoComplete="off" {...form.register('client_id')} />
          </Field>
          <Field label={t('settings.client_secret')} hint={secretHint}>
            <Input type="password" dir="ltr" autoComplete="new-password" {...form.register('client_secret')} />
          </Field>
        </fieldset>
        {save.error ? <LockErrorAlert error={save.error} fallback={t('settings.save_failed')} /> : null}
        <div className="flex flex-wrap gap-2">
          {canWrite ? (
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('settings.saving') : t('settings.save')}
            </Button>
          ) : null}
          <Button
            type="button"
            variant="outline"
            disabled={test.isPending || !unit.smart_lock_id || form.formState.isDirty}
            onClick={() => test.mutate()}
            data-testid="lock-test-connection"
          >
            {test.isPending ? t('settings.testing') : t('settings.test')}
          </Button>
        </div>
      </form>
      {test.error ? <LockErrorAlert error={test.error} fallback="" testId="lock-test-result" /> : null}
      {connection && !test.error ? (
        <div
          role="status"
          data-testid="lock-test-result"
          className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          <p className="font-medium">{t('settings.test_ok', { alias: connection.lock_alias ?? connection.lock_id })}</p>
          <p>
            {connection.has_gateway
              ? t('settings.via_gateway')
              : connection.wifi
                ? t('settings.via_wifi')
                : t('settings.no_gateway')}
            {connection.battery !== null ? ` ${t('settings.battery', { value: `${connection.battery}%` })}` : ''}
          </p>
        </div>
      ) : null}
    </section>
  );
}
