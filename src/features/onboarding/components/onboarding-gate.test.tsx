import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { fakeAuth, fakeSession } from '@/test/render';
import { OnboardingGate } from './onboarding-gate';

afterEach(() => changeLanguage('en'));

function renderSuspended() {
  const auth = {
    ...fakeAuth(fakeSession()),
    organization: null,
    accountStatus: 'problem' as const,
    problem: { kind: 'suspended' as const, detail: 'Unpaid invoices' },
  };
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <AuthContextProvider value={auth}>
          <MemoryRouter>
            <OnboardingGate />
          </MemoryRouter>
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('OnboardingGate: a suspended organisation (issue 14)', () => {
  it('tells its staff it is suspended, why, and whom to contact; no set-up offer', () => {
    renderSuspended();
    const alert = screen.getByTestId('account-problem');
    expect(alert).toHaveTextContent('This organization is suspended. Contact Nuzl support.');
    expect(screen.getByTestId('account-suspended-reason')).toHaveTextContent('Reason: Unpaid invoices');
    expect(screen.queryByTestId('start-onboarding')).toBeNull();
  });

  it('in Arabic', async () => {
    await changeLanguage('ar');
    renderSuspended();
    expect(screen.getByTestId('account-problem')).toHaveTextContent('هذه المنشأة موقوفة. تواصل مع دعم نُزُل.');
    expect(screen.getByTestId('account-suspended-reason')).toHaveTextContent('السبب: Unpaid invoices');
  });
});
