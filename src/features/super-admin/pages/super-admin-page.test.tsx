import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { AuthContextProvider, type AuthContextValue } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { fakeSession } from '@/test/render';
import { SuperAdminPage } from './super-admin-page';

function renderAs(kind: 'platform' | 'staff' | 'vendor') {
  const session = fakeSession();
  const auth: AuthContextValue = {
    status: 'signed_in',
    session,
    user: session.user,
    profile: {
      id: 'p1',
      user_id: session.user.id,
      organization_id: null,
      kind,
      full_name: 'Someone',
      created_at: new Date(0).toISOString(),
    },
    organization: null,
    accountStatus: 'ready',
    problem: null,
    sessionExpired: false,
    lastEvent: null,
    reloadAccount: () => Promise.resolve(),
    signOut: () => Promise.resolve(),
    dismissSessionExpired: () => undefined,
  };
  render(
    <I18nextProvider i18n={i18n}>
      <AuthContextProvider value={auth}>
        <SuperAdminPage />
      </AuthContextProvider>
    </I18nextProvider>,
  );
}

describe('SuperAdminPage', () => {
  it('is the super administrator’s', async () => {
    renderAs('platform');
    expect(await screen.findByRole('heading', { level: 1, name: 'Super administrator' })).toBeInTheDocument();
    expect(screen.getByTestId('not-ready')).toBeInTheDocument();
    expect(screen.queryByTestId('super-admin-denied')).toBeNull();
  });

  it.each(['staff', 'vendor'] as const)('tells a %s user it is not theirs', async (kind) => {
    renderAs(kind);
    expect(await screen.findByRole('heading', { level: 1, name: 'Super administrator' })).toBeInTheDocument();
    expect(screen.getByTestId('super-admin-denied')).toHaveTextContent('Permission denied. Contact administrator.');
    expect(screen.queryByTestId('not-ready')).toBeNull();
  });
});
