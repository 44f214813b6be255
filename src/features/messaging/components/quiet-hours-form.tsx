import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useOrganizationSettings } from '@/lib/auth/organization-settings';
import { useSaveQuietHours } from '../api/save-quiet-hours';
import { quietHoursSchema, type QuietHours } from '../lib/message-template-schema';

/**
 * Quiet hours, in the organisation's time zone: scheduled messages filed inside them wait for
 * the end; a reply to something the guest just did (a confirmed booking, an issued invoice) goes at once.
 */
export function QuietHoursForm({ values, canManage }: { values: QuietHours; canManage: boolean }) {
  const { t } = useTranslation('messaging');
  const { timeZone } = useOrganizationSettings();
  const save = useSaveQuietHours();
  const form = useForm<QuietHours>({ resolver: zodResolver(quietHoursSchema), values });
  const errors = form.formState.errors;
  const enabled = form.watch('quiet_hours_enabled');
  const end = form.watch('quiet_hours_end');
  const onSubmit = form.handleSubmit((next) =>
    save.mutate(next, { onSuccess: () => toast.success(t('quiet_hours.saved')) }),
  );

  return (
    <section aria-labelledby="quiet-hours-title" className="flex flex-col gap-3" data-testid="quiet-hours">
      <div>
        <h3 id="quiet-hours-title" className="text-base font-semibold text-stone-900">
          {t('quiet_hours.title')}
        </h3>
        <p className="text-sm text-stone-600">{t('quiet_hours.explanation', { end })}</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <fieldset disabled={!canManage || save.isPending} className="flex flex-col gap-3">
          <label className="flex items-center gap-2 text-sm font-medium text-stone-900">
            <input
              type="checkbox"
              role="switch"
              className="size-4 accent-primary-700"
              data-testid="quiet-hours-enabled"
              {...form.register('quiet_hours_enabled')}
            />
            {t('quiet_hours.enabled')}
          </label>
          <div className="grid max-w-md gap-3 sm:grid-cols-2">
            <Field
              label={t('quiet_hours.start')}
              error={errors.quiet_hours_start ? t('quiet_hours.time_invalid') : undefined}
            >
              <Input type="time" dir="ltr" disabled={!enabled} {...form.register('quiet_hours_start')} />
            </Field>
            <Field
              label={t('quiet_hours.end')}
              error={errors.quiet_hours_end ? t('quiet_hours.time_invalid') : undefined}
            >
              <Input type="time" dir="ltr" disabled={!enabled} {...form.register('quiet_hours_end')} />
            </Field>
          </div>
          <p className="text-xs text-stone-600" data-testid="quiet-hours-time-zone">
            {t('quiet_hours.time_zone', { zone: timeZone })}
          </p>
        </fieldset>
        {canManage ? (
          <Button type="submit" className="self-start" disabled={save.isPending} data-testid="quiet-hours-save">
            {save.isPending ? t('saving') : t('save')}
          </Button>
        ) : null}
      </form>
    </section>
  );
}
