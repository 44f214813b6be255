import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider, permissionKeys } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { json, stubRest } from '@/test/fake-rest';
import { fakeAuth, fakeSession, TEST_ORGANIZATION } from '@/test/render';
import { TaskDetailsDialog } from './task-details-dialog';

const TASK = {
  id: 't1',
  organization_id: TEST_ORGANIZATION.id,
  title: 'Deep clean after checkout',
  title_ar: null,
  description: null,
  description_ar: null,
  type: 'cleaning',
  priority: 'medium',
  status: 'pending',
  origin: 'manual',
  checklist: [{ id: 'c1', label: 'Change the sheets', done: false }],
  assignee_id: null,
  booking_id: null,
  unit_id: null,
  vendor_id: null,
  due_at: null,
  recurrence: null,
  previous_task_id: null,
  started_at: null,
  started_by: null,
  completed_at: null,
  completed_by: null,
  completed_by_name: null,
  rated_at: null,
  rated_by: null,
  rating: null,
  created_at: '2026-11-20T10:00:00Z',
  created_by: null,
  updated_at: '2026-11-20T10:00:00Z',
  unit: null,
  assignee: null,
  organization_vendor: null,
  booking: null,
};

/** One pending task's details under a role with `permissions` (already loaded); no photos. */
function renderDialog(permissions: string[]) {
  stubRest((call) => (call.path === 'tasks' ? json(TASK) : json([])));
  const session = fakeSession();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(permissionKeys.mine(session.user.id), permissions);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContextProvider value={fakeAuth(session)}>
          <TaskDetailsDialog
            taskId="t1"
            organizationId={TEST_ORGANIZATION.id}
            timeZone="Asia/Riyadh"
            onClose={vi.fn()}
            onEdit={vi.fn()}
          />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('TaskDetailsDialog follows the role', () => {
  it('offers start, edit, cancel and delete with tasks.write', async () => {
    renderDialog(['tasks.read', 'tasks.write']);
    expect(await screen.findByRole('button', { name: 'Start task' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByTestId('task-read-only')).not.toBeInTheDocument();
  });

  it('a read-only role sees the task, and why it cannot change it', async () => {
    renderDialog(['tasks.read']);
    expect(await screen.findByTestId('task-read-only')).toHaveTextContent(
      'Your role can view tasks but not change them.',
    );
    expect(screen.getByText('Change the sheets')).toBeInTheDocument();
    const buttons = [...document.querySelectorAll('button')].map((button) => button.textContent?.trim());
    for (const name of ['Start task', 'Edit', 'Cancel task', 'Delete', 'Add photos']) {
      expect(buttons).not.toContain(name);
    }
    expect(document.querySelector('input[type="checkbox"]:not([disabled])')).toBeNull();
  });
});
