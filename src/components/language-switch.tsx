import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { changeLanguage, currentLanguage, type Language } from '@/lib/i18n';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * One button that offers the other language, labelled in that language ("العربية" / "English")
 * so someone who cannot read the current one still finds it.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const hydrated = useHydrated();
  const target: Language = currentLanguage() === 'ar' ? 'en' : 'ar';
  const targetName = t(`language.${target}`);
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn('gap-1.5', className)}
      aria-label={t('language.switch_to', { language: targetName })}
      data-testid="language-switch"
      // On a prerendered page a tap before hydration would be lost (lib/use-hydrated.ts).
      disabled={!hydrated}
      onClick={() => void changeLanguage(target)}
    >
      <Languages aria-hidden="true" />
      <span lang={target}>{targetName}</span>
    </Button>
  );
}
