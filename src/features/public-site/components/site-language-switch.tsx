import { Languages } from 'lucide-react';
import { useLeanI18n } from '@/lib/lean-i18n';

/**
 * The public page's language switch: the app's LanguageSwitch without i18next (issue 12). It
 * offers the other language, labelled in that language, and remembers the choice.
 */
export function SiteLanguageSwitch() {
  const { t, language, setLanguage } = useLeanI18n();
  const target = language === 'ar' ? 'en' : 'ar';
  const targetName = t(`common:language.${target}`);
  return (
    <button
      type="button"
      className="inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-stone-700 hover:bg-stone-100 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none"
      aria-label={t('common:language.switch_to', { language: targetName })}
      data-testid="language-switch"
      onClick={() => setLanguage(target)}
    >
      <Languages aria-hidden="true" className="size-4" />
      <span lang={target}>{targetName}</span>
    </button>
  );
}
