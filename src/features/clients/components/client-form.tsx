import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { isLanguage, type Language } from '@/lib/i18n';
import { NATIONALITY_CODES, nationalityName } from '../lib/nationalities';
import { clientFormSchema, type ClientFormInput, type ClientFormOutput } from '../schemas';

export interface ClientFormProps {
  defaultValues: ClientFormInput;
  /** Resolves when saved; rejects to keep the form (and everything typed) as it is. */
  onSubmit: (values: ClientFormOutput) => Promise<unknown>;
  onCancel: () => void;
  submitLabel: string;
  /** The server's refusal, already translated, shown above the buttons. */
  serverError?: string | null;
}

/** Create and edit share this form; validation is the request's own schema (STYLE 9). */
export function ClientForm({ defaultValues, onSubmit, onCancel, submitLabel, serverError }: ClientFormProps) {
  const { t, i18n } = useTranslation('clients');
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const form = useForm<ClientFormInput, unknown, ClientFormOutput>({
    resolver: zodResolver(clientFormSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const message = (key?: string) => (key ? t(key) : undefined);

  const handleSubmit = form.handleSubmit(async (values) => {
    await onSubmit(values).catch(() => undefined);
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="client-form">
      <fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.name')} error={message(errors.name?.message)} className="sm:col-span-2">
          <Input autoComplete="name" {...form.register('name')} />
        </Field>
        <Field label={t('fields.phone')} error={message(errors.phone?.message)} hint={t('form.phone_hint')}>
          <Input type="tel" dir="ltr" inputMode="tel" autoComplete="tel" {...form.register('phone')} />
        </Field>
        <Field label={t('fields.email')} error={message(errors.email?.message)} hint={t('form.optional')}>
          <Input type="email" dir="ltr" autoComplete="email" {...form.register('email')} />
        </Field>
        <Field
          label={t('fields.national_id')}
          error={message(errors.national_id?.message)}
          hint={t('form.identity_hint')}
        >
          <Input dir="ltr" {...form.register('national_id')} />
        </Field>
        <Field label={t('fields.passport_number')} error={message(errors.passport_number?.message)}>
          <Input dir="ltr" {...form.register('passport_number')} />
        </Field>
        <Field label={t('fields.nationality')} error={message(errors.nationality?.message)}>
          <Select {...form.register('nationality')}>
            <option value="">{t('form.nationality_none')}</option>
            {NATIONALITY_CODES.map((code) => (
              <option key={code} value={code}>
                {nationalityName(code, language)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('fields.preferred_language')}>
          <Select {...form.register('preferred_language')}>
            <option value="ar">{t('languages.ar')}</option>
            <option value="en">{t('languages.en')}</option>
          </Select>
        </Field>
        <Field label={t('fields.member_since')} error={message(errors.member_since?.message)}>
          <Input type="date" dir="ltr" {...form.register('member_since')} />
        </Field>
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-stone-900">
          <input type="checkbox" className="size-4 accent-primary-700" {...form.register('is_vip')} />
          {t('fields.is_vip')}
        </label>
        {serverError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
            {serverError}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit">{submitLabel}</Button>
        </div>
      </fieldset>
    </form>
  );
}
