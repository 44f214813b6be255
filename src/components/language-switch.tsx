import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useOptionalAuth } from '@/lib/auth/auth-provider';
import { saveProfileLanguage } from '@/lib/auth/profile-language';
import { cn } from '@/lib/cn';
import { changeLanguage, currentLanguage, type Language } from '@/lib/i18n';
import { reportError } from '@/lib/report-error';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * One button that offers the other language, labelled in that language ("العربية" / "English")
 * so someone who cannot read the current one still finds it. Signed in, the choice is also saved
 * as the profile's preferred language, so the next device signs in in it (lib/auth/profile-language.ts).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const hydrated = useHydrated();
  const auth = useOptionalAuth();
  const userId = auth?.profile ? auth.profile.user_id : null;
  const target: Language = currentLanguage() === 'ar' ? 'en' : 'ar';
  const targetName = t(`language.${target}`);

  const handleSwitch = async () => {
    await changeLanguage(target);
    // The switch already applied here; a failed save only means the next device does not follow.
    if (userId)
      await saveProfileLanguage(userId, target).catch((error: unknown) => reportError(error, 'language switch'));
  };

  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn('gap-1.5', className)}
      aria-label={t('language.switch_to', { language: targetName })}
      data-testid="language-switch"
      // On a prerendered page a tap before hydration would be lost (lib/use-hydrated.ts).
      disabled={!hydrated}
      onClick={() => void handleSwitch()}
    >
      <Languages aria-hidden="true" />
      <span lang={target}>{targetName}</span>
    </Button>
  );
}
