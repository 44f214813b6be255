import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '@/lib/errors';

/** A failed save: the step's SPEC §8 title ("Failed to create property", …) and the reason. */
export function StepError({ title, error }: { title: string; error: unknown }) {
  const { t } = useTranslation('onboarding');
  if (!error) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      data-testid="onboarding-error"
    >
      <p className="font-semibold">{title}</p>
      <p>{getErrorMessage(error) || t('errors.unknown')}</p>
    </div>
  );
}
