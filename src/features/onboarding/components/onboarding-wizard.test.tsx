import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { createInitialState, ONBOARDING_STORAGE_KEY, saveOnboardingState } from '../lib/onboarding-state';
import { useOnboardingState } from '../lib/use-onboarding-state';
import { OnboardingWizard } from './onboarding-wizard';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function Harness() {
  const onboarding = useOnboardingState();
  const [open, setOpen] = useState(true);
  return (
    <>
      <OnboardingWizard open={open} onOpenChange={setOpen} onboarding={onboarding} />
      <output data-testid="open">{String(open)}</output>
    </>
  );
}

function renderAt(step: number) {
  saveOnboardingState(localStorage, { ...createInitialState(), currentStep: step });
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <Harness />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const stored = () => JSON.parse(localStorage.getItem(ONBOARDING_STORAGE_KEY) ?? '{}') as Record<string, unknown>;

describe('OnboardingWizard', () => {
  beforeEach(() => localStorage.clear());

  it('first step: Get started, no Skip for now, progress 1/9, dialog at most 500 px wide', () => {
    renderAt(0);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveClass('max-w-[500px]');
    expect(within(dialog).getByTestId('onboarding-continue')).toHaveTextContent('Get started');
    expect(within(dialog).queryByTestId('onboarding-skip')).toBeNull();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(Math.round(100 / 9)));
  });

  it('Continue advances, Back returns, and the state is stored', async () => {
    renderAt(5);
    expect(screen.getByTestId('onboarding-step-title')).toHaveTextContent('Notifications');
    expect(screen.getByTestId('onboarding-skip')).toHaveTextContent('Skip for now');
    await userEvent.click(screen.getByTestId('onboarding-continue'));
    expect(screen.getByTestId('onboarding-step-title')).toHaveTextContent('Invite your team');
    expect(stored()).toMatchObject({ currentStep: 6 });
    await userEvent.click(screen.getByTestId('onboarding-back'));
    expect(screen.getByTestId('onboarding-step-title')).toHaveTextContent('Notifications');
  });

  it('Skip for now sets skipped and completed and closes', async () => {
    renderAt(6);
    await userEvent.click(screen.getByTestId('onboarding-skip'));
    expect(stored()).toMatchObject({ isSkipped: true, isCompleted: true });
    expect(screen.getByTestId('open')).toHaveTextContent('false');
  });

  it('the close icon also skips', async () => {
    renderAt(5);
    await userEvent.click(screen.getByRole('button', { name: 'Close and skip setup' }));
    expect(stored()).toMatchObject({ isSkipped: true, isCompleted: true });
    expect(screen.getByTestId('open')).toHaveTextContent('false');
  });

  it('"Set this up now" completes a step with a route: navigates there and closes', async () => {
    renderAt(5);
    await userEvent.click(screen.getByTestId('onboarding-full-screen'));
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/settings?tab=notifications');
    expect(screen.getByTestId('open')).toHaveTextContent('false');
    const steps = stored().steps as { id: string; completed: boolean }[];
    expect(steps.find((step) => step.id === 'notifications')?.completed).toBe(true);
    expect(stored()).toMatchObject({ currentStep: 6, isCompleted: false });
  });

  it('the last step finishes the wizard', async () => {
    renderAt(8);
    expect(screen.getByTestId('onboarding-continue')).toHaveTextContent('Go to dashboard');
    await userEvent.click(screen.getByTestId('onboarding-continue'));
    expect(stored()).toMatchObject({ isCompleted: true, isSkipped: false });
    expect(screen.getByTestId('open')).toHaveTextContent('false');
  });
});
