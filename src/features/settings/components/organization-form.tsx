import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { COUNTRY_CODES, CURRENCY_CODES, ORGANIZATION_TIME_ZONES } from '@/domain/organizations';
import { getErrorMessage, toAppError } from '@/lib/errors';
import type { OrganizationSettingsRow } from '../api/get-organization-settings';
import { useUpdateOrganizationSettings } from '../api/update-organization-settings';
import { useUploadPublicSiteLogo } from '../api/upload-public-site-logo';
import {
  FIELD_OF_RULE,
  organizationSettingsSchema,
  type OrganizationSettingsField,
  type OrganizationSettingsInput,
  type OrganizationSettingsValues,
} from '../organization-schema';
import { PublicSiteLogoField, type LogoChange } from './public-site-logo-field';

function toFormValues(row: OrganizationSettingsRow): OrganizationSettingsInput {
  return {
    name: row.name,
    name_ar: row.name_ar ?? '',
    default_timezone: row.default_timezone,
    default_currency: row.default_currency,
    country: row.country,
    vat_number: row.vat_number ?? '',
    commercial_registration: row.commercial_registration ?? '',
    address_street: row.address_street ?? '',
    address_building_number: row.address_building_number ?? '',
    address_additional_number: row.address_additional_number ?? '',
    address_district: row.address_district ?? '',
    address_city: row.address_city ?? '',
    address_region: row.address_region ?? '',
    address_postal_code: row.address_postal_code ?? '',
  };
}

const ADDRESS_FIELDS = [
  'address_street',
  'address_building_number',
  'address_additional_number',
  'address_district',
  'address_city',
  'address_region',
  'address_postal_code',
] as const satisfies readonly OrganizationSettingsField[];

const DIGIT_FIELDS: ReadonlySet<OrganizationSettingsField> = new Set([
  'vat_number',
  'commercial_registration',
  'address_building_number',
  'address_additional_number',
  'address_postal_code',
]);

/** The organisation's settings; validation is the update's own schema (STYLE 9). */
export function OrganizationForm({ row, readOnly }: { row: OrganizationSettingsRow; readOnly: boolean }) {
  const { t } = useTranslation('settings');
  const form = useForm<OrganizationSettingsInput, unknown, OrganizationSettingsValues>({
    resolver: zodResolver(organizationSettingsSchema),
    defaultValues: toFormValues(row),
  });
  const save = useUpdateOrganizationSettings();
  const upload = useUploadPublicSiteLogo();
  const [logo, setLogo] = useState<LogoChange>({ kind: 'keep' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { errors, isSubmitting } = form.formState;
  const message = (field: OrganizationSettingsField) => {
    const key = errors[field]?.message;
    return key ? t(key) : undefined;
  };
  const text = (field: OrganizationSettingsField, label: string, props: { dir?: 'ltr'; hint?: string } = {}) => (
    <Field label={label} error={message(field)} hint={props.hint}>
      <Input
        dir={props.dir}
        inputMode={DIGIT_FIELDS.has(field) ? 'numeric' : undefined}
        data-testid={`organization-${field}`}
        {...form.register(field)}
      />
    </Field>
  );

  const handleSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    setSaved(false);
    let logoUrl: string | null | undefined;
    if (logo.kind === 'remove') logoUrl = null;
    if (logo.kind === 'new') {
      try {
        logoUrl = await upload.mutateAsync({ organizationId: row.id, file: logo.file });
      } catch {
        setServerError(t('public_site_form.errors.logo_upload'));
        return;
      }
    }
    try {
      await save.mutateAsync({ id: row.id, values, logoUrl });
      // What was saved (normalised) becomes the form's starting point.
      form.reset(toFormValues({ ...row, ...values }));
      setLogo({ kind: 'keep' });
      setSaved(true);
    } catch (error) {
      const rule = toAppError(error).messageKey.replace(/^errors\.db\./, '');
      const field = FIELD_OF_RULE[rule];
      if (field) form.setError(field, { message: `common:errors.db.${rule}` }, { shouldFocus: true });
      else setServerError(t('organization.errors.save_failed', { reason: getErrorMessage(error) }));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="organization-form">
      <fieldset disabled={readOnly || isSubmitting} className="flex flex-col gap-8">
        <div className="grid gap-4 sm:grid-cols-2">
          <h4 className="text-sm font-semibold text-stone-900 sm:col-span-2">{t('organization.sections.identity')}</h4>
          {text('name', t('organization.fields.name'))}
          {text('name_ar', t('organization.fields.name_ar'))}
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <span className="text-sm font-medium text-stone-900">{t('organization.fields.slug')}</span>
            <bdi dir="ltr" className="w-fit rounded-md bg-stone-50 px-3 py-2 text-sm" data-testid="organization-slug">
              {row.slug}
            </bdi>
            <p className="text-xs text-stone-600">{t('organization.hints.slug')}</p>
          </div>
          <PublicSiteLogoField
            currentUrl={logo.kind === 'remove' ? null : row.logo_url}
            change={logo}
            onChange={setLogo}
          />
        </div>

        <div className="grid gap-4 sm:grid-cols-3">
          <h4 className="text-sm font-semibold text-stone-900 sm:col-span-3">{t('organization.sections.regional')}</h4>
          <Field label={t('organization.fields.timezone')}>
            <Select data-testid="organization-default_timezone" {...form.register('default_timezone')}>
              {ORGANIZATION_TIME_ZONES.map((zone) => (
                <option key={zone} value={zone}>
                  {t(`organization.timezones.${zone.replace('/', '_')}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('organization.fields.currency')}>
            <Select data-testid="organization-default_currency" {...form.register('default_currency')}>
              {CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>
                  {t(`organization.currencies.${code}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('organization.fields.country')}>
            <Select data-testid="organization-country" {...form.register('country')}>
              {COUNTRY_CODES.map((code) => (
                <option key={code} value={code}>
                  {t(`organization.countries.${code}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <h4 className="text-sm font-semibold text-stone-900 sm:col-span-2">{t('organization.sections.tax')}</h4>
          {text('vat_number', t('organization.fields.vat_number'), {
            dir: 'ltr',
            hint: t('organization.hints.vat_number'),
          })}
          {text('commercial_registration', t('organization.fields.commercial_registration'), {
            dir: 'ltr',
            hint: t('organization.hints.commercial_registration'),
          })}
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <h4 className="text-sm font-semibold text-stone-900 sm:col-span-2">{t('organization.sections.address')}</h4>
          {ADDRESS_FIELDS.map((field) => (
            <div key={field}>
              {text(field, t(`organization.fields.${field}`), DIGIT_FIELDS.has(field) ? { dir: 'ltr' } : {})}
            </div>
          ))}
        </div>

        {readOnly ? null : (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" data-testid="organization-save">
              {isSubmitting ? t('organization.saving') : t('organization.save')}
            </Button>
            {saved ? (
              <p role="status" className="text-sm text-emerald-800" data-testid="organization-saved">
                {t('organization.saved')}
              </p>
            ) : null}
          </div>
        )}
        {serverError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800" data-testid="organization-error">
            {serverError}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
