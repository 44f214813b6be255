import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useChangePassword } from '../api/password-change';
import { passwordChangeSchema, passwordRules, type PasswordChangeValues } from './password-change-schema';
import { SecurityAlert } from './security-alert';
import { securityErrorReason } from './security-error';

/** The profile tab's password change: current, new and confirm (SPEC §2, §5). */
export function PasswordChange() {
  const { t } = useTranslation('settings');
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const form = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { current: '', next: '', confirm: '' },
  });
  const { errors } = form.formState;
  const next = form.watch('next');
  const error = (message: string | undefined) => (message ? t(message) : undefined);

  const handleSubmit = form.handleSubmit(async (values) => {
    setDone(false);
    try {
      await change.mutateAsync({ current: values.current, next: values.next });
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
            <Field label={t('password_change.new')} error={error(errors.next?.message)}>
              <Input
                {...form.register('next')}
                type="password"
                autoComplete="new-password"
                dir="ltr"
                data-testid="password-new"
              />
            </Field>
            <ul className="flex flex-col gap-1 text-xs" aria-label={t('password_change.rules_label')}>
              {passwordRules.map((rule) => {
                const ok = rule.test(next);
                return (
                  <li
                    key={rule.id}
                    className={
                      ok ? 'flex items-center gap-1.5 text-emerald-800' : 'flex items-center gap-1.5 text-stone-600'
                    }
                  >
                    {ok ? (
                      <Check aria-hidden="true" className="size-3.5" />
                    ) : (
                      <X aria-hidden="true" className="size-3.5" />
                    )}
                    {t(`password_change.rules.${rule.id}`)}
                  </li>
                );
              })}
            </ul>
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
