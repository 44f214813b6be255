import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { changeLanguage } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import { ReviewLinkPage } from './review-link-page';

interface Answer {
  data: unknown;
  error: unknown;
  status: number;
}
/** What the two RPCs answer, per function name; `calls` records what was sent. */
const rpc = vi.hoisted(() => {
  const state: { answers: Record<string, Answer[]>; calls: Array<{ name: string; args: unknown }> } = {
    answers: {},
    calls: [],
  };
  return state;
});

vi.mock('@/lib/supabase', () => {
  const request = (name: string, args: unknown) => {
    rpc.calls.push({ name, args });
    const queue = rpc.answers[name] ?? [];
    const next = queue.length > 1 ? queue.shift() : queue[0];
    const builder = Object.assign(Promise.resolve(next), {
      retry: () => undefined,
      abortSignal: () => undefined,
      single: () => builder,
    });
    return builder;
  };
  return {
    supabase: { rpc: request, auth: { onAuthStateChange: () => ({ data: { subscription: { unsubscribe() {} } } }) } },
  };
});

const routes = [{ path: paths.reviewLink.path, Component: ReviewLinkPage }];
const TOKEN = 'a'.repeat(64);
const INVITATION = {
  organization_name: 'Nuzl Demo Stays',
  organization_name_ar: 'إقامات نزل',
  unit_name: 'Riyadh Loft',
  unit_name_ar: 'شقة الرياض',
  check_in: '2026-11-01',
  check_out: '2026-11-04',
  guest_first_name: 'Layla',
  expires_at: '2026-12-04T00:00:00Z',
};
const refusal = (code: string, hint: string, status: number): Answer => ({
  data: null,
  status,
  error: { code, hint, message: hint, details: null },
});

afterEach(async () => {
  cleanup();
  rpc.answers = {};
  rpc.calls = [];
  await changeLanguage('en');
});

describe('/review/:token', () => {
  it('shows the stay, asks for a rating first, keeps what was typed on a failure, then thanks the guest', async () => {
    rpc.answers = {
      review_invitation: [{ data: INVITATION, error: null, status: 200 }],
      submit_review_with_link: [
        {
          data: null,
          status: 0,
          error: { code: '', message: 'TypeError: Failed to fetch', details: null, hint: null },
        },
        { data: 'review-id', error: null, status: 200 },
      ],
    };
    renderRoutes(routes, `/review/${TOKEN}`);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { name: 'How was your stay, Layla?' })).toBeInTheDocument();
    expect(screen.getByTestId('review-stay')).toHaveTextContent('Riyadh Loft');

    await user.type(screen.getByRole('textbox', { name: 'Your review (optional)' }), 'Spotless.');
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText('Choose from 1 to 5 stars.')).toBeInTheDocument();
    expect(rpc.calls.filter((c) => c.name === 'submit_review_with_link')).toHaveLength(0);

    // Keyboard: focus the first star, arrow to the fourth.
    await user.click(screen.getByRole('radio', { name: '1 star' }));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    expect(screen.getByRole('textbox', { name: 'Your review (optional)' })).toHaveValue('Spotless.');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByRole('heading', { name: 'Thank you, Layla!' })).toBeInTheDocument();
    expect(rpc.calls.at(-1)).toEqual({
      name: 'submit_review_with_link',
      args: { token: TOKEN, rating: 4, message: 'Spotless.' },
    });
  });

  it.each([
    ['PT404', 404, "This review link isn't valid"],
    ['PT409', 409, 'This review link has already been used'],
    ['PT410', 410, 'This review link has expired'],
  ])('a link the database answers with %s has its own message', async (code, status, title) => {
    rpc.answers = { review_invitation: [refusal(code, 'review_link', status)] };
    renderRoutes(routes, `/review/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('a malformed token is not sent at all; Arabic names the stars in Arabic', async () => {
    renderRoutes(routes, '/review/not-a-token');
    expect(await screen.findByRole('heading', { name: "This review link isn't valid" })).toBeInTheDocument();
    expect(rpc.calls).toEqual([]);
    cleanup();

    await changeLanguage('ar');
    rpc.answers = { review_invitation: [{ data: INVITATION, error: null, status: 200 }] };
    renderRoutes(routes, `/review/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'كيف كانت إقامتك يا Layla؟' })).toBeInTheDocument();
    expect(screen.getByTestId('review-stay')).toHaveTextContent('شقة الرياض');
    expect(screen.getByRole('radio', { name: 'نجمتان' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: '5 نجوم' })).toBeInTheDocument());
  });
});
