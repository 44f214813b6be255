import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { changeLanguage, i18n } from '@/lib/i18n';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import {
  NOTICE_POLL_MS,
  NOTICE_RETRY_POLL_MS,
  guestNoticesRefetchInterval,
  type GuestMessage,
  type GuestNotice,
} from '../api/get-guest-notices';
import { GuestMessages } from './guest-messages';

const CREATED = '2026-11-20T09:00:00Z';
const SENT_AT = '2026-11-20T09:00:04Z';
const NEXT_AT = '2099-11-27T09:05:00Z';
const riyadh = (value: string, language: 'en' | 'ar' = 'en') => formatDateTime(value, language, 'Asia/Riyadh');

function message(overrides: Partial<GuestMessage> = {}): GuestMessage {
  return {
    id: 'm-sms',
    channel: 'sms',
    status: 'sent',
    to_address: '+966551234567',
    sent_at: SENT_AT,
    error: null,
    created_at: CREATED,
    ...overrides,
  };
}

function notice(overrides: Partial<GuestNotice> = {}): GuestNotice {
  return {
    id: 'n-confirmed',
    kind: 'request_confirmed',
    created_at: CREATED,
    attempts: 1,
    next_attempt_at: CREATED,
    sent_at: SENT_AT,
    failed_at: null,
    last_error: null,
    messages: [message()],
    ...overrides,
  };
}

/** The rows PostgREST answers to each guest_notices read, in turn (the last one repeats). */
let answers: GuestNotice[][];
let calls: RestCall[];

beforeEach(() => {
  answers = [[]];
  calls = stubRest((call) => {
    if (call.path === 'guest_notices' && call.method === 'GET') {
      const reads = calls.filter((c) => c.path === 'guest_notices').length;
      return json(answers[Math.min(reads, answers.length) - 1]);
    }
    return json({ message: 'not found' }, 404);
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function renderMessages() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <GuestMessages bookingId="b1" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const section = () => screen.findByRole('region', { name: 'Messages to the guest' });

describe('GuestMessages: what the guest was told, in the booking details', { timeout: 20_000 }, () => {
  it('asks for the booking’s notices with their messages, newest first', async () => {
    answers = [[notice()]];
    renderMessages();
    await section();
    const read = calls.find((call) => call.path === 'guest_notices')!.url.searchParams;
    expect(read.get('booking_id')).toBe('eq.b1');
    expect(read.get('order')).toBe('created_at.desc');
    expect(read.get('select')).toMatch(/messages\(id,channel,status,to_address,sent_at,error,created_at\)/);
  });

  it('lists each notice, newest first, with its messages sent: channel, recipient, time', async () => {
    answers = [
      [
        notice({
          messages: [message({ id: 'm-email', channel: 'email', to_address: 'reem@example.com' }), message()],
        }),
        notice({ id: 'n-received', kind: 'request_received', messages: [message({ id: 'm-old' })] }),
      ],
    ];
    renderMessages();
    const region = await section();
    expect(within(region).getByRole('heading', { level: 3, name: 'Messages to the guest' })).toBeInTheDocument();
    const [confirmed, received] = within(region).getAllByTestId('guest-notice');
    expect(confirmed).toHaveTextContent('Booking confirmed');
    expect(received).toHaveTextContent('Request received');

    // SMS first, then e-mail; the phone as people write it, kept left to right.
    const [sms, email] = within(confirmed!).getAllByTestId('guest-message');
    expect(sms).toHaveTextContent('SMS');
    expect(within(sms!).getByText('+966 55 123 4567')).toHaveAttribute('dir', 'ltr');
    expect(sms).toHaveTextContent(`Sent ${riyadh(SENT_AT)}`);
    expect(email).toHaveTextContent('E-mail');
    expect(within(email!).getByText('reem@example.com')).toHaveAttribute('dir', 'ltr');
    expect(email).toHaveTextContent(`Sent ${riyadh(SENT_AT)}`);
    // Each message says it was sent: no summary line repeats it.
    expect(within(confirmed!).queryByTestId('guest-notice-state')).toBeNull();
  });

  it('shows a failed message’s error and says the guest was not reached once it gives up', async () => {
    answers = [
      [
        notice({
          attempts: 6,
          sent_at: null,
          failed_at: SENT_AT,
          last_error: 'sms: Invalid number',
          messages: [message({ status: 'failed', sent_at: null, error: 'Invalid number' })],
        }),
      ],
    ];
    renderMessages();
    const item = within(await section()).getByTestId('guest-notice');
    expect(item).toHaveAttribute('data-notice-state', 'failed');
    expect(within(item).getByTestId('guest-message')).toHaveTextContent('Failed: Invalid number');
    expect(within(item).getByTestId('guest-notice-state')).toHaveTextContent(
      'The guest was not reached. No more attempts will be made.',
    );
  });

  it('gives the reason when a notice is given up with no message to show it (no phone or e-mail)', async () => {
    answers = [
      [
        notice({
          sent_at: null,
          failed_at: SENT_AT,
          last_error: 'The guest has no phone number or e-mail address',
          messages: [],
        }),
      ],
    ];
    renderMessages();
    expect(within(await section()).getByTestId('guest-notice-state')).toHaveTextContent(
      'The guest was not reached: The guest has no phone number or e-mail address. No more attempts will be made.',
    );
  });

  it('says when a notice that failed is tried again', async () => {
    answers = [
      [
        notice({
          attempts: 2,
          sent_at: null,
          next_attempt_at: NEXT_AT,
          last_error: 'email: Service unavailable',
          messages: [
            message(),
            message({
              id: 'm-email',
              channel: 'email',
              to_address: 'reem@example.com',
              status: 'failed',
              sent_at: null,
              error: 'Service unavailable',
            }),
          ],
        }),
      ],
    ];
    renderMessages();
    const item = within(await section()).getByTestId('guest-notice');
    expect(item).toHaveAttribute('data-notice-state', 'retrying');
    const [sms, email] = within(item).getAllByTestId('guest-message');
    expect(sms).toHaveTextContent(`Sent ${riyadh(SENT_AT)}`);
    expect(email).toHaveTextContent('Failed: Service unavailable');
    expect(within(item).getByTestId('guest-notice-state')).toHaveTextContent(`Trying again ${riyadh(NEXT_AT)}.`);
  });

  it('without messages.read, still says what the guest was told and whether it went out', async () => {
    // RLS returns the notices and none of their messages.
    answers = [
      [
        notice({ messages: [] }),
        notice({
          id: 'n-received',
          kind: 'request_received',
          sent_at: null,
          attempts: 3,
          next_attempt_at: NEXT_AT,
          last_error: 'sms: Gateway timeout',
          messages: [],
        }),
      ],
    ];
    renderMessages();
    const [confirmed, received] = within(await section()).getAllByTestId('guest-notice');
    expect(within(confirmed!).queryByRole('list')).toBeNull();
    expect(within(confirmed!).getByTestId('guest-notice-state')).toHaveTextContent(`Sent ${riyadh(SENT_AT)}`);
    expect(confirmed).toHaveTextContent('Who it went to is shown to staff who may read messages.');
    expect(within(received!).getByTestId('guest-notice-state')).toHaveTextContent(
      `Not sent yet: sms: Gateway timeout. Trying again ${riyadh(NEXT_AT)}.`,
    );
  });

  it('shows nothing, not even a heading, when the guest was told nothing', async () => {
    answers = [[]];
    const { container } = renderMessages();
    await waitFor(() => expect(calls.some((call) => call.path === 'guest_notices')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('says so when the notices cannot be read', async () => {
    calls = stubRest(() => json({ message: 'boom', code: 'XX000' }, 500));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderMessages();
    expect(within(await section()).getByRole('alert')).not.toBeEmptyDOMElement();
  });

  it('reads again while a notice is on its way, until it is sent', async () => {
    const sending = notice({ attempts: 0, sent_at: null, messages: [message({ status: 'queued', sent_at: null })] });
    answers = [[sending], [notice()]];
    renderMessages();
    const region = await section();
    expect(within(region).getByTestId('guest-message')).toHaveTextContent('Sending…');
    await waitFor(
      () => expect(within(region).getByTestId('guest-message')).toHaveTextContent(`Sent ${riyadh(SENT_AT)}`),
      {
        timeout: NOTICE_POLL_MS * 3,
      },
    );
  });

  it('in Arabic: labels, statuses, errors and times as the Arabic screens write them', async () => {
    await changeLanguage('ar');
    answers = [
      [
        notice(),
        notice({
          id: 'n-received',
          kind: 'request_received',
          sent_at: null,
          failed_at: SENT_AT,
          last_error: 'sms: Invalid number',
          messages: [message({ id: 'm-old', status: 'failed', sent_at: null, error: 'Invalid number' })],
        }),
      ],
    ];
    renderMessages();
    const region = await screen.findByRole('region', { name: 'رسائل الضيف' });
    const [confirmed, received] = within(region).getAllByTestId('guest-notice');
    expect(confirmed).toHaveTextContent('تأكيد الحجز');
    expect(within(confirmed!).getByTestId('guest-message')).toHaveTextContent('رسالة نصية');
    expect(within(confirmed!).getByTestId('guest-message')).toHaveTextContent(`أُرسلت في ${riyadh(SENT_AT, 'ar')}`);
    expect(received).toHaveTextContent('استلام الطلب');
    expect(within(received!).getByTestId('guest-message')).toHaveTextContent('تعذّر الإرسال: Invalid number');
    expect(within(received!).getByTestId('guest-notice-state')).toHaveTextContent(
      'لم نتمكن من إبلاغ الضيف، ولن تُعاد المحاولة.',
    );
  });
});

describe('guestNoticesRefetchInterval', () => {
  const now = Date.parse('2026-11-20T09:01:00Z');
  const open = { attempts: 1, sent_at: null, failed_at: null, next_attempt_at: CREATED };

  it('never polls once every notice is sent or given up', () => {
    expect(guestNoticesRefetchInterval(undefined, now)).toBe(false);
    expect(guestNoticesRefetchInterval([], now)).toBe(false);
    expect(
      guestNoticesRefetchInterval(
        [
          { ...open, sent_at: SENT_AT },
          { ...open, failed_at: SENT_AT },
        ],
        now,
      ),
    ).toBe(false);
  });

  it('polls quickly while a notice is on its way: its first attempt, or a retry that is due', () => {
    expect(guestNoticesRefetchInterval([{ ...open, sent_at: SENT_AT }, open], now)).toBe(NOTICE_POLL_MS);
    // Not yet attempted, whatever the browser's clock says of next_attempt_at.
    expect(guestNoticesRefetchInterval([{ ...open, attempts: 0, next_attempt_at: NEXT_AT }], now)).toBe(NOTICE_POLL_MS);
  });

  it('polls slowly while a notice waits out its back-off', () => {
    expect(guestNoticesRefetchInterval([{ ...open, attempts: 2, next_attempt_at: NEXT_AT }], now)).toBe(
      NOTICE_RETRY_POLL_MS,
    );
  });
});
