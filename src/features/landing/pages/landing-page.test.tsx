import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubRest, type RestAnswer } from '@/test/fake-rest';
import { renderRoutes } from '@/test/render';
import { LandingPage } from './landing-page';

const routes = [{ path: '/', element: <LandingPage /> }];

const QUOTE = { id: 't1', author_name: 'Noura', author_role: 'Owner', quote: 'نظام واضح.', language: 'ar' };

function renderLanding(answer: RestAnswer) {
  const calls = stubRest(answer);
  renderRoutes(routes, '/');
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('LandingPage', () => {
  it('reads published testimonials after mount and shows each in its own language', async () => {
    const calls = renderLanding(() => json([QUOTE]));
    const quote = await screen.findByText('نظام واضح.');
    expect(quote.closest('blockquote')).toHaveAttribute('lang', 'ar');
    expect(screen.getByRole('heading', { name: 'What hosts say' })).toBeInTheDocument();
    expect(calls[0]!.path).toBe('testimonials');
    expect(calls[0]!.url.searchParams.get('is_published')).toBe('eq.true');
  });

  it.each([
    ['none is published', json([])],
    ['they cannot be read', json({ message: 'boom' }, 500)],
  ])('hides the testimonials section when %s', async (_, answer) => {
    const calls = renderLanding(() => answer);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'What hosts say' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Talk to us', level: 2 })).toBeInTheDocument();
  });

  it('sends the contact form with the phone in E.164, and confirms', async () => {
    const user = userEvent.setup();
    const calls = renderLanding((call) => (call.path === 'testimonials' ? json([]) : json({ id: 'c1' })));
    const form = await screen.findByRole('form', { name: 'Contact form' });
    await user.type(within(form).getByLabelText('Your name'), 'Sara');
    await user.type(within(form).getByLabelText('Phone'), '050 123 4567');
    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Thank you, your message has reached us')).toBeInTheDocument();
    const sent = calls.find((call) => call.path === 'rpc/submit_contact_request');
    expect(sent?.body).toEqual({
      name: 'Sara',
      message: 'Hello',
      consent: true,
      email: null,
      phone: '+966501234567',
      language: 'en',
    });
  });

  it('shows a refusal and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderLanding((call) =>
      call.path === 'testimonials'
        ? json([])
        : json({ code: 'PT429', message: 'We already have your messages', hint: 'contact_limit_contact' }, 429),
    );
    const form = await screen.findByRole('form', { name: 'Contact form' });
    await user.type(within(form).getByLabelText('Your name'), 'Sara');
    await user.type(within(form).getByLabelText('E-mail'), 'sara@example.com');
    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByTestId('contact-error')).toHaveTextContent(
      'We already have your messages and will reply soon. Please wait for our answer.',
    );
    expect(within(form).getByLabelText('Your name')).toHaveValue('Sara');
    expect(within(form).getByLabelText('E-mail')).toHaveValue('sara@example.com');
    expect(within(form).getByRole('checkbox')).toBeChecked();
  });
});
