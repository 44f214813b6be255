import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { AuthContextProvider, permissionKeys } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { fakeAuth, fakeSession } from '@/test/render';
import { TaskStatusActions, type TaskActionsSurface } from './task-status-actions';

/** A pending task's buttons for a member with `permissions` (already loaded), or for a vendor. */
function renderActions(permissions: string[], surface: TaskActionsSurface = 'card', kind = 'staff') {
  const session = fakeSession();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(permissionKeys.mine(session.user.id), permissions);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContextProvider value={fakeAuth(session, { kind })}>
          <TaskStatusActions taskId="t1" status="pending" surface={surface} />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('TaskStatusActions follows the role', () => {
  it('offers "Start task" with tasks.write', () => {
    renderActions(['tasks.read', 'tasks.write']);
    expect(screen.getByRole('button', { name: 'Start task' })).toBeInTheDocument();
  });

  it('shows nothing to a read-only role', () => {
    renderActions(['tasks.read']);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a vendor moves its own tasks (no organisation role)', () => {
    renderActions([], 'vendor', 'vendor');
    expect(screen.getByRole('button', { name: 'Start task' })).toBeInTheDocument();
  });
});
