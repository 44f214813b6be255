import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSetNewPassword } from '../api/password';
import { authErrorReason } from '../lib/auth-error';
import { newPasswordSchema, passwordRules, type NewPasswordValues } from '../schemas';
import { FormAlert } from './form-alert';

/** The rules, ticked off while typing. */
export function PasswordRules({ value }: { value: string }) {
  const { t } = useTranslation('auth');
  return (
    <ul className="flex flex-col gap-1 text-xs" aria-label={t('password.rules_label')}>
      {passwordRules.map((rule) => {
        const ok = rule.test(value);
        return (
          <li
            key={rule.id}
            className={ok ? 'flex items-center gap-1.5 text-emerald-800' : 'flex items-center gap-1.5 text-stone-600'}
          >
            {ok ? <Check aria-hidden="true" className="size-3.5" /> : <X aria-hidden="true" className="size-3.5" />}
            {t(`password.rules.${rule.id}`)}
            <span className="sr-only">{ok ? t('password.rule_met') : t('password.rule_unmet')}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** New password + confirmation, for a recovery link or an invitation (the session is already there). */
export function NewPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const save = useSetNewPassword();
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors } = form.formState;
  const password = form.watch('password');

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values.password);
      onDone();
    } catch {
      // Shown below.
    }
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      className="flex flex-col gap-4"
      data-testid="new-password-form"
    >
      <fieldset disabled={save.isPending} className="flex flex-col gap-4">
        <Field label={t('password.new')} error={errors.password?.message ? t(errors.password.message) : undefined}>
          <Input
            {...form.register('password')}
            type="password"
            autoComplete="new-password"
            dir="ltr"
            data-testid="new-password"
          />
        </Field>
        <PasswordRules value={password} />
        <Field label={t('password.confirm')} error={errors.confirm?.message ? t(errors.confirm.message) : undefined}>
          <Input
            {...form.register('confirm')}
            type="password"
            autoComplete="new-password"
            dir="ltr"
            data-testid="confirm-password"
          />
        </Field>
      </fieldset>
      {save.error ? <FormAlert title={t('errors.password_failed')} reason={authErrorReason(save.error, t)} /> : null}
      <Button type="submit" disabled={save.isPending} data-testid="save-password">
        {t('password.save')}
      </Button>
    </form>
  );
}
