import { useTranslation } from 'react-i18next';
import type { OnboardingStepId } from '../../lib/onboarding-state';
import { FullScreenLink } from './full-screen-link';
import type { StepProps } from './step-props';

/** Steps that explain and point to their screen: welcome, notifications, team, payments, completion. */
export function InfoStep({ id, formId, onDone, onOpenFullScreen }: StepProps & { id: OnboardingStepId }) {
  const { t } = useTranslation('onboarding');
  return (
    <form
      id={formId}
      onSubmit={(event) => {
        event.preventDefault();
        onDone();
      }}
      className="flex flex-col gap-3"
      data-testid={`onboarding-info-${id}`}
    >
      <p className="text-sm text-stone-700">{t(`steps.${id}.body`)}</p>
      <FullScreenLink onClick={onOpenFullScreen} label={t('actions.set_up_now')} />
    </form>
  );
}
