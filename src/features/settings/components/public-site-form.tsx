import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { publicSiteSchema, suggestSlug, type PublicSiteInput, type PublicSiteValues } from '@/domain/public-site';
import { getErrorMessage } from '@/lib/errors';
import type { PublicSiteSettings } from '../api/get-public-site-settings';
import { slugRefusal, useSavePublicSite } from '../api/save-public-site';
import { useUploadPublicSiteLogo } from '../api/upload-public-site-logo';
import { PublicSiteLogoField, type LogoChange } from './public-site-logo-field';
import { PublicSiteThemeField } from './public-site-theme-field';

function toFormValues(site: PublicSiteSettings): PublicSiteInput {
  return {
    enabled: site.enabled,
    name: site.name,
    name_ar: site.name_ar ?? '',
    description: site.description ?? '',
    description_ar: site.description_ar ?? '',
    about: site.about ?? '',
    about_ar: site.about_ar ?? '',
    contact_email: site.contact_email ?? '',
    phone: site.phone ?? '',
    address: site.address ?? '',
    theme_color: site.theme_color,
    default_language: site.default_language === 'en' ? 'en' : 'ar',
    slug: site.slug,
  };
}

export interface PublicSiteFormProps {
  site: PublicSiteSettings;
  readOnly: boolean;
  /** Previous slugs that still redirect here. */
  oldSlugs: string[];
}

/** The public site's settings; validation is the request's own schema (STYLE 9). */
export function PublicSiteForm({ site, readOnly, oldSlugs }: PublicSiteFormProps) {
  const { t } = useTranslation('settings');
  const form = useForm<PublicSiteInput, unknown, PublicSiteValues>({
    resolver: zodResolver(publicSiteSchema),
    defaultValues: toFormValues(site),
  });
  const save = useSavePublicSite(site.organization_id);
  const upload = useUploadPublicSiteLogo();
  const [logo, setLogo] = useState<LogoChange>({ kind: 'keep' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { errors, isSubmitting } = form.formState;
  const message = (key?: string) => (key ? t(key) : undefined);
  const [name, nameAr] = form.watch(['name', 'name_ar']);
  const suggestedSlug = suggestSlug({ name, name_ar: nameAr }, site.organization_id);

  const handleSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    setSaved(false);
    const slug = values.slug === '' ? suggestedSlug : values.slug;
    let logoUrl: string | null | undefined;
    if (logo.kind === 'remove') logoUrl = null;
    if (logo.kind === 'new') {
      try {
        logoUrl = await upload.mutateAsync({ organizationId: site.organization_id, file: logo.file });
      } catch {
        setServerError(t('public_site_form.errors.logo_upload'));
        return;
      }
    }
    try {
      await save.mutateAsync({ id: site.id, values: { ...values, slug }, logoUrl });
      // What was saved becomes the form's starting point; nothing typed is replaced.
      form.reset({ ...form.getValues(), slug });
      setLogo({ kind: 'keep' });
      setSaved(true);
    } catch (error) {
      const refusal = slugRefusal(error);
      if (refusal) {
        form.setError('slug', { message: `public_site_form.errors.${refusal}` }, { shouldFocus: true });
      } else {
        setServerError(getErrorMessage(error));
      }
    }
  });

  const previewHref = paths.publicSite.getHref(site.slug);
  const previewUrl = typeof window === 'undefined' ? previewHref : `${window.location.origin}${previewHref}`;
  const logoUrl = logo.kind === 'remove' ? null : site.logo_url;

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="public-site-form">
      <fieldset disabled={readOnly || isSubmitting} className="flex flex-col gap-8">
        <div className="flex flex-col gap-4">
          <h4 className="text-sm font-semibold text-stone-900">{t('public_site_form.sections.visibility')}</h4>
          <label className="flex items-center gap-2 text-sm font-medium text-stone-900">
            <input type="checkbox" className="size-4 accent-primary-700" {...form.register('enabled')} />
            {t('public_site_form.fields.enabled')}
          </label>
          <Field
            label={t('public_site_form.fields.slug')}
            error={message(errors.slug?.message)}
            hint={t('public_site_form.hints.slug')}
          >
            <Input
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              placeholder={suggestedSlug}
              {...form.register('slug')}
            />
          </Field>
          {oldSlugs.length > 0 ? (
            <p className="text-xs text-stone-600" data-testid="public-site-old-slugs">
              {t('public_site_form.hints.old_slugs', { slugs: oldSlugs.join(', ') })}
            </p>
          ) : null}
          <div className="flex flex-col gap-2 rounded-md bg-stone-50 p-3 text-sm" data-testid="public-site-preview">
            <p className="text-stone-700">
              {site.enabled ? (
                <>
                  {t('public_site_form.preview_enabled')} <bdi dir="ltr">{previewUrl}</bdi>
                </>
              ) : (
                t('public_site_form.preview_disabled')
              )}
            </p>
            <a
              href={previewHref}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex w-fit items-center gap-1 font-medium text-primary-700 underline-offset-4 hover:underline"
              data-testid="public-site-preview-link"
            >
              {t('public_site_form.preview')}
              <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            </a>
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <h4 className="text-sm font-semibold text-stone-900 sm:col-span-2">
            {t('public_site_form.sections.identity')}
          </h4>
          <Field label={t('public_site_form.fields.name')} error={message(errors.name?.message)}>
            <Input {...form.register('name')} />
          </Field>
          <Field
            label={t('public_site_form.fields.name_ar')}
            error={message(errors.name_ar?.message)}
            hint={t('public_site_form.hints.optional')}
          >
            <Input dir="rtl" lang="ar" {...form.register('name_ar')} />
          </Field>
          <Field label={t('public_site_form.fields.description')} error={message(errors.description?.message)}>
            <Textarea rows={2} {...form.register('description')} />
          </Field>
          <Field label={t('public_site_form.fields.description_ar')} error={message(errors.description_ar?.message)}>
            <Textarea rows={2} dir="rtl" lang="ar" {...form.register('description_ar')} />
          </Field>
          <Field label={t('public_site_form.fields.about')} error={message(errors.about?.message)}>
            <Textarea rows={5} {...form.register('about')} />
          </Field>
          <Field label={t('public_site_form.fields.about_ar')} error={message(errors.about_ar?.message)}>
            <Textarea rows={5} dir="rtl" lang="ar" {...form.register('about_ar')} />
          </Field>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <h4 className="text-sm font-semibold text-stone-900 sm:col-span-2">
            {t('public_site_form.sections.contact')}
          </h4>
          <Field
            label={t('public_site_form.fields.contact_email')}
            error={message(errors.contact_email?.message)}
            hint={t('public_site_form.hints.optional')}
          >
            <Input type="email" dir="ltr" autoComplete="email" {...form.register('contact_email')} />
          </Field>
          <Field
            label={t('public_site_form.fields.phone')}
            error={message(errors.phone?.message)}
            hint={t('public_site_form.hints.phone')}
          >
            <Input type="tel" dir="ltr" inputMode="tel" autoComplete="tel" {...form.register('phone')} />
          </Field>
          <Field
            label={t('public_site_form.fields.address')}
            error={message(errors.address?.message)}
            hint={t('public_site_form.hints.optional')}
            className="sm:col-span-2"
          >
            <Input autoComplete="street-address" {...form.register('address')} />
          </Field>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <h4 className="text-sm font-semibold text-stone-900 sm:col-span-2">{t('public_site_form.sections.look')}</h4>
          <PublicSiteThemeField form={form} error={message(errors.theme_color?.message)} />
          <Field label={t('public_site_form.fields.default_language')}>
            <Select {...form.register('default_language')}>
              <option value="ar">{t('public_site_form.languages.ar')}</option>
              <option value="en">{t('public_site_form.languages.en')}</option>
            </Select>
          </Field>
          <PublicSiteLogoField currentUrl={logoUrl} change={logo} onChange={setLogo} />
        </div>

        {serverError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {serverError}
          </p>
        ) : null}
        {saved && !form.formState.isDirty && logo.kind === 'keep' ? (
          <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-800">
            {t('public_site_form.saved')}
          </p>
        ) : null}
        {readOnly ? null : (
          <div className="flex justify-end">
            <Button type="submit" data-testid="public-site-save">
              {t('public_site_form.save')}
            </Button>
          </div>
        )}
      </fieldset>
    </form>
  );
}
