import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordRules } from '@/components/password-rules';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useChangePassword } from '../api/password-change';
import { passwordChangeSchema, type PasswordChangeValues } from './password-change-schema';
import { SecurityAlert } from './security-alert';
import { securityErrorReason } from './security-error';

/** The profile tab's password change: current, new and confirm (SPEC §2, §5). */
export function PasswordChange() {
  const { t } = useTranslation('settings');
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const form = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { current: '', password: '', confirm: '' },
  });
  const { errors } = form.formState;
  const password = form.watch('password');
  const error = (message: string | undefined) => (message ? t(message) : undefined);

  const handleSubmit = form.handleSubmit(async (values) => {
    setDone(false);
    try {
      await change.mutateAsync({ current: values.current, next: values.password });
      form.reset();
      setDone(true);
    } catch {
      // Shown below.
    }
  });

  return (
    <Card data-testid="password-change">
      <CardHeader>
        <CardTitle>{t('password_change.title')}</CardTitle>
        <CardDescription>{t('password_change.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void handleSubmit(event)} noValidate className="flex max-w-md flex-col gap-4">
          <fieldset disabled={change.isPending} className="flex flex-col gap-4">
            <Field label={t('password_change.current')} error={error(errors.current?.message)}>
              <Input
                {...form.register('current')}
                type="password"
                autoComplete="current-password"
                dir="ltr"
                data-testid="password-current"
              />
            </Field>
            <Field label={t('password_change.new')} error={error(errors.password?.message)}>
              <Input
                {...form.register('password')}
                type="password"
                autoComplete="new-password"
                dir="ltr"
                data-testid="password-new"
              />
            </Field>
            <PasswordRules value={password} />
            <Field label={t('password_change.confirm')} error={error(errors.confirm?.message)}>
              <Input
                {...form.register('confirm')}
                type="password"
                autoComplete="new-password"
                dir="ltr"
                data-testid="password-confirm"
              />
            </Field>
          </fieldset>
          {change.error ? (
            <SecurityAlert
              title={t('password_change.errors.failed')}
              reason={securityErrorReason(change.error, t)}
              testId="password-error"
            />
          ) : null}
          {done ? (
            <p role="status" className="text-sm text-emerald-800" data-testid="password-changed">
              {t('password_change.done')}
            </p>
          ) : null}
          <Button type="submit" className="self-start" disabled={change.isPending} data-testid="password-save">
            {t('password_change.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
