import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import type { AutomationRule, AutomationRun, TaskTemplate } from '../lib/automation-schema';
import { AutomationSettings } from './automation-settings';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const TEMPLATE: TaskTemplate = {
  id: 'tt1',
  name: 'Turnover cleaning',
  title: 'Cleaning: {{unit}}',
  title_ar: 'تنظيف: {{unit}}',
  description: null,
  description_ar: null,
  type: 'cleaning',
  priority: 'medium',
  due_rule: 'before_next_check_in',
  due_hours: null,
  assign_to: 'best_vendor',
  vendor_category: 'cleaning',
  vendor_id: null,
  assignee_id: null,
};
const RULE: AutomationRule = {
  id: 'r1',
  name: 'Cleaning after check-out',
  trigger: 'check_out',
  action: 'create_task',
  is_active: true,
  action_config: { task_template_id: 'tt1' },
  conditions: {},
  last_run_at: '2026-11-26T08:00:00Z',
  created_at: '2026-11-20T08:00:00Z',
};
const FAILED_RUN: AutomationRun = {
  id: 'run1',
  rule_id: 'r2',
  trigger: 'check_in',
  action: 'send_email',
  outcome: 'failed',
  error: 'This guest has no e-mail address',
  booking_id: 'b1',
  invoice_id: null,
  task_id: null,
  created_task_id: null,
  created_invoice_id: null,
  created_message_id: null,
  notified: null,
  created_at: '2026-11-26T09:00:00Z',
  rule: { name: 'Welcome by e-mail' },
};
const DONE_RUN: AutomationRun = {
  ...FAILED_RUN,
  id: 'run2',
  rule_id: 'r1',
  trigger: 'check_out',
  action: 'create_task',
  outcome: 'succeeded',
  error: null,
  created_task_id: 'task9',
  rule: { name: 'Cleaning after check-out' },
};

let permissions: string[];
let calls: RestCall[];

beforeEach(() => {
  permissions = ['automations.read', 'automations.write'];
  calls = stubRest((call) => {
    if (call.path === 'rpc/my_permissions') return json(permissions);
    if (call.path === 'automation_rules' && call.method === 'GET') return json([RULE]);
    if (call.path === 'automation_rules') return json(null, 204);
    if (call.path === 'automation_runs' && call.url.searchParams.get('outcome') === 'eq.failed')
      return json([{ rule_id: 'r1' }]);
    if (call.path === 'automation_runs') return json([FAILED_RUN, DONE_RUN]);
    if (call.path === 'task_templates') return json([TEMPLATE]);
    if (call.path === 'message_templates') return json([{ id: 'm1', name: 'Welcome', active: true }]);
    if (call.path === 'roles') return json([{ id: 'role1', name: 'Administrator', key: 'admin' }]);
    if (call.path === 'profiles') return json([{ user_id: 'u1', full_name: 'Faisal', email: null }]);
    if (call.path === 'organization_vendors') return json([]);
    if (call.path === 'units') return json([{ id: 'unit1', name: 'Olaya loft', name_ar: 'شقة العليا' }]);
    return json(null, 404);
  });
  toasts.success.mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

function renderTab() {
  const client = createQueryClient({ environment: 'development', debug: false });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AuthContextProvider value={fakeAuth(fakeSession())}>
          <MemoryRouter>
            <AutomationSettings />
          </MemoryRouter>
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

// The screen loads five lists at once: allow for a loaded machine.
const SLOW = 20_000;

describe('Settings → Automation', () => {
  it(
    'shows each rule in words with its failures, the templates and the run log',
    async () => {
      renderTab();
      const row = await screen.findByTestId('automation-rule-row');
      await waitFor(() =>
        expect(row).toHaveTextContent('When a guest checks out → Create a task: “Turnover cleaning”'),
      );
      expect(within(row).getByRole('switch')).toBeChecked();
      await waitFor(() => expect(within(row).getByTestId('rule-failures')).toHaveTextContent('1 failed run'));
      expect(await screen.findByTestId('task-template-row')).toHaveTextContent('Due before the next check-in');
      const runs = await screen.findAllByTestId('automation-run-row');
      expect(runs[0]).toHaveTextContent('Failed');
      expect(within(runs[0]!).getByTestId('run-error')).toHaveTextContent('This guest has no e-mail address');
      expect(within(runs[1]!).getByTestId('run-task-link')).toHaveAttribute('href', '/dashboard/tasks?task=task9');
    },
    SLOW,
  );

  it(
    'switches a rule off',
    async () => {
      const user = renderTab();
      const row = await screen.findByTestId('automation-rule-row');
      await user.click(within(row).getByRole('switch'));
      await waitFor(() =>
        expect(calls.find((c) => c.path === 'automation_rules' && c.method === 'PATCH')?.body).toEqual({
          is_active: false,
        }),
      );
    },
    SLOW,
  );

  it(
    'a new rule asks for what its action needs, and saves only that',
    async () => {
      const user = renderTab();
      await user.click(await screen.findByTestId('rule-new'));
      const form = await screen.findByTestId('rule-form');
      await user.type(within(form).getByLabelText('Name'), 'Tell admins');
      await user.selectOptions(within(form).getByLabelText('Do'), 'notify_team');
      await user.click(screen.getByTestId('rule-save'));
      expect(await within(form).findByText('Choose who is notified')).toBeInTheDocument();
      await waitFor(() => expect(within(form).getByLabelText('Role')).toHaveTextContent('Administrators'));
      await user.selectOptions(within(form).getByLabelText('Role'), 'role1');
      await user.click(screen.getByTestId('rule-save'));
      await waitFor(() =>
        expect(calls.find((c) => c.path === 'automation_rules' && c.method === 'POST')?.body).toEqual({
          name: 'Tell admins',
          trigger: 'check_out',
          action: 'notify_team',
          is_active: true,
          action_config: { role_id: 'role1' },
          conditions: {},
        }),
      );
    },
    SLOW,
  );

  it(
    'in Arabic, and read-only without automations.write',
    async () => {
      permissions = ['automations.read'];
      await changeLanguage('ar');
      renderTab();
      expect(await screen.findByTestId('automation-read-only')).toBeInTheDocument();
      const row = await screen.findByTestId('automation-rule-row');
      // The default rule and template read in Arabic (lib/default-names); the sentence names the template.
      await waitFor(() => expect(row).toHaveTextContent('التنظيف بعد المغادرة'));
      expect(row).toHaveTextContent('عند مغادرة الضيف ← إنشاء مهمة: «تنظيف بين النزلاء»');
      expect(within(row).getByRole('switch')).toBeDisabled();
      expect(screen.queryByTestId('rule-new')).toBeNull();
    },
    SLOW,
  );

  it(
    'without automations.read: permission denied',
    async () => {
      permissions = ['tasks.read'];
      renderTab();
      expect(await screen.findByTestId('permission-denied')).toBeInTheDocument();
    },
    SLOW,
  );
});
