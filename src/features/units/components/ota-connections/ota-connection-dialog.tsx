import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { getErrorMessage } from '@/lib/errors';
import { currentLanguage } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import type { OtaConnection } from '../../api/ota-connection-get-all';
import { useOtaConnectionUnits } from '../../api/ota-connection-get-units';
import { isOtaPlatformTaken, useSaveOtaConnection } from '../../api/ota-connection-save';
import {
  OTA_PLATFORMS,
  otaConnectionSchema,
  type OtaConnectionInput,
  type OtaConnectionValues,
} from '../../api/ota-connection-schema';

function defaultsOf(connection: OtaConnection | null): OtaConnectionInput {
  return {
    platform: connection?.platform ?? 'airbnb',
    connection_name: connection?.connection_name ?? '',
    unit_id: connection?.unit_id ?? '',
    property_id: connection?.property_id ?? '',
    ical_import_url: connection?.ical_import_url ?? '',
    // Write-only: never read back, blank keeps what is stored.
    api_key: '',
    api_secret: '',
  };
}

/**
 * Add / edit an OTA connection (mounted per opening, so the form starts from the connection): platform, name, which unit the listing is, the listing id, the
 * platform's iCal address and the API key / secret (write-only password fields).
 */
export function OtaConnectionDialog({
  organizationId,
  open,
  connection,
  onOpenChange,
}: {
  organizationId: string;
  open: boolean;
  /** The connection edited; null to add one. */
  connection: OtaConnection | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['channels', 'units']);
  const language = currentLanguage();
  const units = useOtaConnectionUnits(organizationId, open);
  const save = useSaveOtaConnection();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<OtaConnectionInput, unknown, OtaConnectionValues>({
    resolver: zodResolver(otaConnectionSchema),
    defaultValues: defaultsOf(connection),
  });
  const { register, formState } = form;
  const message = (key?: string) => (key ? t(key) : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: connection?.id, values });
      toast.success(t('ota.saved'));
      onOpenChange(false);
    } catch (error) {
      setFailure(isOtaPlatformTaken(error) ? t('errors.platform_taken') : getErrorMessage(error));
    }
  });

  const editing = connection !== null;
  const secretHint = editing && connection.credentials_configured ? t('ota.dialog.secret_keep_hint') : undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" closeLabel={t('ota.dialog.cancel')} data-testid="ota-connection-dialog">
        <DialogHeader>
          <DialogTitle>
            {editing ? t('ota.dialog.edit_title', { name: connection.connection_name }) : t('ota.dialog.add_title')}
          </DialogTitle>
          <DialogDescription>{t('ota.dialog.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
            <Field label={t('ota.dialog.platform')} error={message(formState.errors.platform?.message)}>
              <Select {...register('platform')}>
                {OTA_PLATFORMS.map((platform) => (
                  <option key={platform} value={platform}>
                    {t(`units:channels.platforms.${platform}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label={t('ota.dialog.name')}
              hint={t('ota.dialog.name_hint')}
              error={message(formState.errors.connection_name?.message)}
            >
              <Input dir="auto" autoComplete="off" {...register('connection_name')} />
            </Field>
            <Field
              label={t('ota.dialog.unit')}
              hint={t('ota.dialog.unit_hint')}
              error={
                message(formState.errors.unit_id?.message) ?? (units.isError ? getErrorMessage(units.error) : undefined)
              }
            >
              {units.data ? (
                // Registered once the units are there, so an edited connection's unit is selected.
                <Select {...register('unit_id')}>
                  <option value="">{t('ota.dialog.unit_none')}</option>
                  {units.data.map((unit) => (
                    <option key={unit.id} value={unit.id}>
                      {localized(language, unit.name, unit.name_ar)}
                    </option>
                  ))}
                </Select>
              ) : (
                <Select disabled value="" onChange={() => undefined}>
                  <option value="">{t('ota.dialog.unit_none')}</option>
                </Select>
              )}
            </Field>
            <Field
              label={t('ota.dialog.property_id')}
              hint={t('ota.dialog.property_id_hint')}
              error={message(formState.errors.property_id?.message)}
            >
              <Input dir="ltr" autoComplete="off" {...register('property_id')} />
            </Field>
            <Field
              label={t('ota.dialog.ical')}
              hint={t('ota.dialog.ical_hint')}
              error={message(formState.errors.ical_import_url?.message)}
            >
              <Input
                type="url"
                dir="ltr"
                autoComplete="off"
                placeholder="https://www.airbnb.com/calendar/ical/….ics"
                {...register('ical_import_url')}
              />
            </Field>
            <p className="text-xs text-stone-600">{t('ota.dialog.secret_hint')}</p>
            <Field label={t('ota.dialog.api_key')} hint={secretHint} error={message(formState.errors.api_key?.message)}>
              <Input type="password" dir="ltr" autoComplete="new-password" {...register('api_key')} />
            </Field>
            <Field
              label={t('ota.dialog.api_secret')}
              hint={secretHint}
              error={message(formState.errors.api_secret?.message)}
            >
              <Input type="password" dir="ltr" autoComplete="new-password" {...register('api_secret')} />
            </Field>
          </fieldset>
          {failure ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="ota-error">
              {t('ota.dialog.failed')}: {failure}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('ota.dialog.cancel')}
            </Button>
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? t('ota.dialog.saving') : t('ota.dialog.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
