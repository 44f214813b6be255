import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useCreateApiKey, type CreatedApiKey } from '../api/create-api-key';
import { API_KEY_NAME_MAX, apiKeyNameSchema, type ApiKeyNameValues } from '../api-key-schema';
import { SecurityAlert } from './security-alert';
import { securityErrorReason } from './security-error';

export interface ApiKeyCreateFormProps {
  /** The new key, for the one time it is shown. */
  onCreated: (created: CreatedApiKey) => void;
}

/** A name, then "Create key" (SPEC §5: the name is required; §8 "Please enter an API key name"). */
export function ApiKeyCreateForm({ onCreated }: ApiKeyCreateFormProps) {
  const { t } = useTranslation('settings');
  const create = useCreateApiKey();
  const form = useForm<ApiKeyNameValues>({ resolver: zodResolver(apiKeyNameSchema), defaultValues: { name: '' } });
  const message = form.formState.errors.name?.message;

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      form.reset();
      onCreated(created);
    } catch {
      // Shown below the field.
    }
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      className="flex flex-col gap-3"
      aria-label={t('security.api_keys.create_label')}
      data-testid="api-key-create"
    >
      <fieldset disabled={create.isPending} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          label={t('security.api_keys.name_label')}
          hint={t('security.api_keys.name_hint')}
          error={message ? t(message) : undefined}
          className="w-full sm:max-w-sm"
        >
          <Input
            {...form.register('name')}
            maxLength={API_KEY_NAME_MAX}
            autoComplete="off"
            data-testid="api-key-name"
          />
        </Field>
        <Button type="submit" className="self-start sm:mt-6" data-testid="api-key-create-submit">
          {t('security.api_keys.create')}
        </Button>
      </fieldset>
      {create.error ? (
        <SecurityAlert
          title={t('security.api_keys.errors.create_failed')}
          reason={securityErrorReason(create.error, t)}
          testId="api-key-create-error"
        />
      ) : null}
    </form>
  );
}
