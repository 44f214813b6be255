import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime } from '@/lib/format';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import type { ReviewRow } from '../api/get-reviews';
import { ReviewsManager } from './reviews-manager';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const REVIEW: ReviewRow = {
  id: 'r1',
  guest_name: 'Layla Al-Harbi',
  rating: 4,
  message: 'المكان رائع ونظيف جداً',
  is_published: false,
  published_at: null,
  created_at: '2026-11-20T21:30:00Z',
  unit: { id: 'u1', name: 'Sea View Apartment', name_ar: 'شقة إطلالة البحر' },
  booking: { id: 'b1', booking_reference: 'BK-2026-0042', check_in: '2026-11-15', check_out: '2026-11-18' },
};
const IMPORTED: ReviewRow = {
  ...REVIEW,
  id: 'r2',
  guest_name: 'Imported guest',
  rating: 5,
  message: null,
  unit: null,
  booking: null,
};

interface Server {
  rows: ReviewRow[];
  total?: number;
  permissions: string[];
  /** The answer to PATCH/DELETE; the default is the row changed. */
  write?: (call: RestCall) => Response | Promise<Response>;
}
let server: Server;
let calls: RestCall[];

beforeEach(() => {
  server = { rows: [REVIEW, IMPORTED], permissions: ['reviews.manage'] };
  calls = stubRest((call) => {
    if (call.path === 'rpc/my_permissions') return json(server.permissions);
    if (call.path === 'reviews' && call.method === 'GET') {
      const total = server.total ?? server.rows.length;
      return json(server.rows, 200, { 'content-range': `0-${Math.max(0, server.rows.length - 1)}/${total}` });
    }
    if (call.path === 'reviews') return server.write ? server.write(call) : json([{ id: 'r1' }]);
    return json(null, 404);
  });
  toasts.error.mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

function renderManager(path = '/dashboard/settings?tab=public_site') {
  const client = createQueryClient({ environment: 'development', debug: false });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <ReviewsManager />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

const item = (name: string) => screen.getByRole('listitem', { name });
const listRequests = () => calls.filter((call) => call.path === 'reviews' && call.method === 'GET');

describe('ReviewsManager', () => {
  it('shows each review: name, stars, message in its own direction, unit, stay, date and state', async () => {
    renderManager();
    const row = await screen.findByRole('listitem', { name: 'Layla Al-Harbi' });
    expect(within(row).getByRole('img', { name: '4 of 5' })).toBeInTheDocument();
    expect(within(row).getByText(REVIEW.message ?? '')).toHaveAttribute('dir', 'auto');
    expect(within(row).getByText('Sea View Apartment')).toBeInTheDocument();
    expect(within(row).getByText('BK-2026-0042')).toBeInTheDocument();
    expect(row).toHaveTextContent('Nov 15, 2026 – Nov 18, 2026');
    // 21:30 UTC is past midnight in Riyadh.
    expect(row).toHaveTextContent(/Nov 21, 2026/);
    expect(within(row).getByText('Not published')).toBeInTheDocument();

    const imported = item('Imported guest');
    expect(within(imported).getByRole('img', { name: '5 of 5' })).toBeInTheDocument();
    expect(imported).toHaveTextContent('Not linked to a booking');
    expect(imported).toHaveTextContent('No written message');
  });

  it('reads in Arabic: the unit’s Arabic name, Arabic labels and dates', async () => {
    await changeLanguage('ar');
    renderManager();
    const row = await screen.findByRole('listitem', { name: 'Layla Al-Harbi' });
    expect(screen.getByRole('heading', { name: 'تقييمات الضيوف' })).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: '4 من 5' })).toBeInTheDocument();
    expect(within(row).getByText('شقة إطلالة البحر')).toBeInTheDocument();
    expect(within(row).getByText('غير منشور')).toBeInTheDocument();
    // Dates as the Arabic screens write them (lib/format), the submission in Riyadh time.
    expect(row).toHaveTextContent(`من ${formatDate('2026-11-15', 'ar')} إلى ${formatDate('2026-11-18', 'ar')}`);
    expect(row).toHaveTextContent(formatDateTime(REVIEW.created_at, 'ar', 'Asia/Riyadh'));
    expect(formatDateTime(REVIEW.created_at, 'ar', 'Asia/Riyadh')).toContain('21');
    expect(within(row).getByRole('button', { name: 'نشر تقييم Layla Al-Harbi' })).toBeInTheDocument();
  });

  it('filters and pages on the server, from the URL', async () => {
    server.total = 23;
    const user = renderManager('/dashboard/settings?tab=public_site&reviews=unpublished&rating=4&reviews_page=2');
    await screen.findByRole('listitem', { name: 'Layla Al-Harbi' });
    const first = listRequests()[0]?.url.searchParams;
    expect(first?.get('is_published')).toBe('eq.false');
    expect(first?.get('rating')).toBe('eq.4');
    expect(first?.get('offset')).toBe('10');
    expect(first?.get('limit')).toBe('10');

    await user.selectOptions(screen.getByLabelText('Show'), 'published');
    await waitFor(() => expect(listRequests().at(-1)?.url.searchParams.get('is_published')).toBe('eq.true'));
    // A new filter starts again from the first page.
    expect(listRequests().at(-1)?.url.searchParams.get('offset')).toBe('0');
  });

  it('publishes at once on screen, and refreshes the list', async () => {
    let release: (response: Response) => void = () => undefined;
    server.write = () => new Promise<Response>((resolve) => (release = resolve));
    const user = renderManager();
    await user.click(await screen.findByRole('button', { name: 'Publish the review by Layla Al-Harbi' }));
    const row = item('Layla Al-Harbi');
    // Before the server answers.
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Unpublish the review by Layla Al-Harbi' })).toBeDisabled();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url.searchParams.get('id')).toBe('eq.r1');
    expect(patch?.body).toEqual({ is_published: true });

    const before = listRequests().length;
    server.rows = [{ ...REVIEW, is_published: true, published_at: '2026-11-26T10:00:00Z' }, IMPORTED];
    release(json([{ id: 'r1' }]));
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(before));
    expect(within(item('Layla Al-Harbi')).getByText('Published')).toBeInTheDocument();
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('puts the old state back and toasts in the user’s language when the database refuses', async () => {
    await changeLanguage('ar');
    // RLS answers a member without the permission with no row changed.
    server.write = () => json([]);
    const user = renderManager();
    await user.click(await screen.findByRole('button', { name: 'نشر تقييم Layla Al-Harbi' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalled());
    expect(toasts.error.mock.calls[0]?.[0]).toBe('تعذّر تحديث التقييم');
    await waitFor(() => expect(within(item('Layla Al-Harbi')).getByText('غير منشور')).toBeInTheDocument());
  });

  it('deletes only after confirmation', async () => {
    const user = renderManager();
    await user.click(await screen.findByRole('button', { name: 'Delete the review by Layla Al-Harbi' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Layla Al-Harbi');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete review' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.url.searchParams.get('id')).toBe('eq.r1');
  });

  it('is read-only for staff without reviews.manage', async () => {
    server.permissions = ['bookings.read'];
    renderManager();
    await screen.findByRole('listitem', { name: 'Layla Al-Harbi' });
    await waitFor(() => expect(calls.some((call) => call.path === 'rpc/my_permissions')).toBe(true));
    for (const row of screen.getAllByRole('listitem')) expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /publish|delete/i })).toBeNull();
  });

  it('says so when there are no reviews, in both languages', async () => {
    server.rows = [];
    renderManager();
    expect(await screen.findByRole('heading', { name: 'No reviews yet' })).toBeInTheDocument();
  });

  it('says so when there are no reviews, in Arabic, and when none match the filters', async () => {
    await changeLanguage('ar');
    server.rows = [];
    renderManager('/dashboard/settings?tab=public_site&rating=1');
    expect(await screen.findByRole('heading', { name: 'لا توجد تقييمات تطابق عوامل التصفية هذه' })).toBeInTheDocument();
  });
});
