import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** "Open the full form": completes the step through its route (the dialog closes). */
export function FullScreenLink({ onClick, label }: { onClick?: () => void; label: string }) {
  const { t } = useTranslation('onboarding');
  if (!onClick) return null;
  return (
    <Button variant="link" className="h-auto self-start px-0" onClick={onClick} data-testid="onboarding-full-screen">
      <ExternalLink aria-hidden="true" className="rtl:-scale-x-100" />
      {label || t('actions.open_full_screen')}
    </Button>
  );
}
