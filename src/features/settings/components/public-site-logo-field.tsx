import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LOGO_TYPES, logoProblem } from '@/domain/public-site';

/** What saving does with the logo: nothing, a new file (uploaded on save), or remove it. */
export type LogoChange = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

/** The logo: the current one, a chosen file checked for type and size before anything is sent. */
export function PublicSiteLogoField({
  currentUrl,
  change,
  onChange,
}: {
  currentUrl: string | null;
  change: LogoChange;
  onChange: (change: LogoChange) => void;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const file = change.kind === 'new' ? change.file : null;
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  const shown = previewUrl ?? currentUrl;

  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <label htmlFor={id} className="text-sm font-medium text-stone-900">
        {t('public_site_form.fields.logo')}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {shown ? (
          <img
            src={shown}
            alt={t('public_site_form.logo_alt')}
            width={56}
            height={56}
            className="size-14 rounded-lg border border-stone-200 object-cover"
          />
        ) : (
          <span className="text-sm text-stone-600">{t('public_site_form.logo_none')}</span>
        )}
        <input
          id={id}
          type="file"
          accept={LOGO_TYPES.join(',')}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          aria-invalid={problem ? true : undefined}
          className="text-sm file:me-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
          data-testid="public-site-logo-input"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (!chosen) return;
            const refusal = logoProblem(chosen);
            setProblem(refusal ? t(`public_site_form.errors.${refusal}`) : null);
            if (!refusal) onChange({ kind: 'new', file: chosen });
          }}
        />
        {shown ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setProblem(null);
              onChange({ kind: 'remove' });
            }}
          >
            {t('public_site_form.logo_remove')}
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {t('public_site_form.hints.logo')}
        {change.kind === 'new' ? ` ${t('public_site_form.logo_pending')}` : null}
      </p>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
