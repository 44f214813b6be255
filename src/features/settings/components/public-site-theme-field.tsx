import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { PublicSiteInput, PublicSiteValues } from '@/domain/public-site';

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The theme colour: a colour picker and its hex code, one value. The picker shows the typed
 * code while it is a valid one; what is typed is kept as typed until the schema refuses it.
 */
export function PublicSiteThemeField({
  form,
  error,
}: {
  form: UseFormReturn<PublicSiteInput, unknown, PublicSiteValues>;
  error?: string;
}) {
  const { t } = useTranslation('settings');
  const value = form.watch('theme_color');
  const pickerValue = HEX.test(value.trim()) ? value.trim().toLowerCase() : '#000000';
  return (
    <div className="flex items-end gap-2">
      <input
        type="color"
        aria-label={t('public_site_form.fields.theme_color')}
        value={pickerValue}
        onChange={(event) =>
          form.setValue('theme_color', event.target.value, { shouldDirty: true, shouldValidate: true })
        }
        className="mb-0.5 h-9 w-12 shrink-0 cursor-pointer rounded-md border border-stone-300 bg-white p-1"
        data-testid="public-site-theme-picker"
      />
      <Field
        label={t('public_site_form.fields.theme_color_hex')}
        error={error}
        hint={t('public_site_form.hints.theme_color')}
        className="flex-1"
      >
        <Input dir="ltr" spellCheck={false} autoComplete="off" {...form.register('theme_color')} />
      </Field>
    </div>
  );
}
