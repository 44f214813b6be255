import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { fakeAuth, fakeSession } from '@/test/render';
import { SuperAdminPage } from './super-admin-page';

function renderAs(kind: 'platform' | 'staff' | 'vendor') {
  const auth = fakeAuth(fakeSession(), { kind, full_name: 'Someone' });
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
