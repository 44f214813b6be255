import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import type { RestCall } from '@/test/fake-rest';
import type { OrganizationDetail } from '../schemas';
import { organizationDetail, organizationRow, renderConsole, SECOND_ID, stubSupabase } from '../test-support';
import { SuperAdminPage } from './super-admin-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

let calls: RestCall[];
let detail: OrganizationDetail;

beforeEach(() => {
  detail = organizationDetail();
  calls = stubSupabase({
    'rpc/admin_organizations': () => ({ total: 1, rows: [organizationRow()] }),
    'rpc/admin_organization': () => detail,
    'rpc/admin_set_organization_plan': (call) => {
      const body = call.body as { plan: 'basic'; billing_cycle: 'yearly' };
      detail = organizationDetail({ plan: body.plan, billing_cycle: body.billing_cycle });
      return detail;
    },
    'rpc/admin_suspend_organization': (call) => {
      detail = organizationDetail({
        status: 'suspended',
        suspended_at: '2026-11-27T10:00:00Z',
        suspended_reason: (call.body as { reason: string }).reason,
        suspended_by_name: 'Platform Admin',
      });
      return detail;
    },
  });
  toasts.error.mockClear();
  toasts.success.mockClear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const bodiesOf = (path: string) => calls.filter((call) => call.path === path).map((call) => call.body);

describe('SuperAdminPage', { timeout: 20_000 }, () => {
  it('lists organisations with plan, counts and status, and searches and sorts on the server', async () => {
    const { user } = renderConsole(<SuperAdminPage />);
    const table = await screen.findByTestId('organizations-table');
    const row = within(table).getByTestId('organization-row');
    expect(row).toHaveTextContent('Second Homes');
    expect(row).toHaveTextContent('Advanced');
    expect(row).toHaveTextContent('Active');
    expect(screen.getByTestId('organizations-total')).toHaveTextContent('1 organization');

    await user.type(screen.getByTestId('organizations-search'), 'second');
    await waitFor(() =>
      expect(bodiesOf('rpc/admin_organizations')).toContainEqual(expect.objectContaining({ search: 'second' })),
    );
    await user.selectOptions(screen.getByTestId('organizations-sort'), 'units');
    await user.click(screen.getByTestId('organizations-direction'));
    await waitFor(() =>
      expect(bodiesOf('rpc/admin_organizations')).toContainEqual(
        expect.objectContaining({ sort: 'units', direction: 'asc', page_offset: 0 }),
      ),
    );
  });

  it('changes a plan after a confirmation that warns when usage exceeds the new plan', async () => {
    const { user } = renderConsole(<SuperAdminPage />, `/super-admin?org=${SECOND_ID}`);
    expect(await screen.findByTestId('organization-usage')).toHaveTextContent('2 of 2');
    await user.selectOptions(screen.getByTestId('plan-select'), 'basic');
    await user.selectOptions(screen.getByTestId('cycle-select'), 'yearly');
    expect(screen.getByTestId('plan-over-limits')).toHaveTextContent('It already has 2 units; the new plan allows 1.');
    await user.click(screen.getByTestId('plan-change'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('Second Homes will move to the Basic plan, billed Yearly.');
    expect(bodiesOf('rpc/admin_set_organization_plan')).toEqual([]);
    await user.click(within(dialog).getByTestId('plan-confirm'));
    await waitFor(() =>
      expect(bodiesOf('rpc/admin_set_organization_plan')).toEqual([
        { organization_id: SECOND_ID, plan: 'basic', billing_cycle: 'yearly' },
      ]),
    );
    expect(await screen.findAllByTestId('organization-plan')).toSatisfy((badges: HTMLElement[]) =>
      badges.some((badge) => badge.textContent === 'Basic'),
    );
    expect(toasts.success).toHaveBeenCalledWith('The plan is now Basic.');
  });

  it('suspends only with a reason, then shows the suspension and offers reactivation', async () => {
    const { user } = renderConsole(<SuperAdminPage />, `/super-admin?org=${SECOND_ID}`);
    await user.click(await screen.findByTestId('suspend'));
    const dialog = await screen.findByTestId('suspend-dialog');
    await user.click(within(dialog).getByTestId('suspend-confirm'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please enter the reason for the suspension');
    expect(bodiesOf('rpc/admin_suspend_organization')).toEqual([]);

    await user.type(within(dialog).getByTestId('suspend-reason'), 'Unpaid invoices');
    await user.click(within(dialog).getByTestId('suspend-confirm'));
    await waitFor(() =>
      expect(bodiesOf('rpc/admin_suspend_organization')).toEqual([
        { organization_id: SECOND_ID, reason: 'Unpaid invoices' },
      ]),
    );
    expect(await screen.findByTestId('suspension-info')).toHaveTextContent('Unpaid invoices');
    expect(screen.getByTestId('reactivate')).toBeInTheDocument();
  });

  it('reads right to left in Arabic with Arabic names and numbers', async () => {
    await changeLanguage('ar');
    renderConsole(<SuperAdminPage />);
    const row = await screen.findByTestId('organization-row');
    expect(row).toHaveTextContent('البيوت الثانية');
    expect(row).toHaveTextContent('المتقدمة');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('المشرف العام');
  });
});
