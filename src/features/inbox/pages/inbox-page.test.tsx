import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import type { Conversation, Message } from '../schemas';
import { InboxPage } from './inbox-page';

// The Realtime socket is not part of this screen's test (the e2e spec plays a live reply).
vi.mock('../lib/use-inbox-realtime', () => ({ useInboxRealtime: () => undefined }));

const CLIENT = '30000000-0000-4000-8000-000000000001';
const KEY = `client:${CLIENT}`;
const CONVERSATION: Conversation = {
  conversation_key: KEY,
  client_id: CLIENT,
  client_name: 'Omar Al-Harbi',
  client_phone: '+966501234567',
  client_email: 'omar@example.sa',
  preferred_language: 'ar',
  opted_out: false,
  booking_id: '40000000-0000-4000-8000-000000000001',
  booking_reference: 'BK-1042',
  unit_name: 'Palm Villa',
  check_in: '2026-11-28',
  check_out: '2026-11-30',
  last_message_at: '2026-11-27T05:00:00Z',
  last_body: 'Is early check-in possible?',
  last_direction: 'inbound',
  last_channel: 'whatsapp',
  last_status: 'delivered',
  unread_count: 2,
};
const base = {
  client_id: CLIENT,
  booking_id: null,
  subject: null,
  error: null,
  attempts: 0,
  next_attempt_at: null,
  delivered_at: null,
  read_at: null,
  failed_at: null,
  seen_at: null,
  sent_at: null,
  from_address: null,
};
const THREAD: Message[] = [
  {
    ...base,
    id: 'm1',
    channel: 'sms',
    direction: 'outbound',
    to_address: '+966501234567',
    body: 'Welcome to Palm Villa',
    status: 'read',
    created_at: '2026-11-25T09:00:00Z',
  },
  {
    ...base,
    id: 'm2',
    channel: 'whatsapp',
    direction: 'outbound',
    to_address: '+966501234567',
    body: 'Your door code is ready',
    status: 'failed',
    error: 'Message undeliverable',
    failed_at: '2026-11-25T10:00:00Z',
    attempts: 5,
    created_at: '2026-11-25T09:30:00Z',
  },
  {
    ...base,
    id: 'm3',
    channel: 'whatsapp',
    direction: 'inbound',
    to_address: '+966110000001',
    from_address: '+966501234567',
    body: 'Is early check-in possible?',
    status: 'delivered',
    created_at: '2026-11-27T05:00:00Z',
  },
];

let permissions: string[];
let conversations: Conversation[];
let olderConversations: Conversation[];
let sendAnswer: (call: RestCall) => Response;
let calls: RestCall[];

beforeEach(() => {
  permissions = ['messages.read', 'messages.write'];
  conversations = [CONVERSATION];
  olderConversations = [];
  sendAnswer = (call) =>
    json({ ...THREAD[0], id: 'new', body: (call.body as { body: string }).body, status: 'queued' });
  calls = stubRest((call) => {
    switch (call.path) {
      case 'rpc/my_permissions':
        return json(permissions);
      case 'rpc/inbox_conversations':
        return json((call.body as { before?: string }).before ? olderConversations : conversations);
      case 'messages':
        return json([...THREAD].reverse());
      case 'rpc/whatsapp_window':
        return json({ open: true, closes_at: '2026-11-28T05:00:00Z', connected: true });
      case 'message_templates':
        return json([
          { id: 't1', name: 'Welcome', kind: null, whatsapp_template_name: 'welcome' },
          { id: 't2', name: 'Pre-arrival', kind: 'pre_arrival', whatsapp_template_name: null },
        ]);
      case 'rpc/render_message_template':
        return json({ subject: null, body: 'مرحبا عمر، أهلا بك في فيلا النخيل', unknown: [] });
      case 'rpc/mark_conversation_seen':
        return json(1);
      case 'rpc/send_message':
        return sendAnswer(call);
      default:
        return json([]);
    }
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

function renderInbox(path = '/dashboard/inbox') {
  const client = createQueryClient({ environment: 'development', debug: false });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/inbox', element: <InboxPage /> },
      { path: '/dashboard/bookings', element: <p>Bookings page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AuthContextProvider value={fakeAuth(fakeSession())}>
          <RouterProvider router={router} />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user: userEvent.setup({ delay: null }), router };
}

const sent = () => calls.filter((call) => call.path === 'rpc/send_message');

describe('the inbox', () => {
  it('lists conversations with their stay, last message and unread count; opening one marks it seen', async () => {
    const { user, router } = renderInbox();
    const row = await screen.findByRole('button', { name: /Omar Al-Harbi/ });
    expect(row).toHaveTextContent('Palm Villa');
    expect(row).toHaveTextContent('Is early check-in possible?');
    expect(within(row).getByTestId('conversation-unread')).toHaveTextContent('2 unread');

    await user.click(row);
    expect(router.state.location.search).toBe(`?c=${encodeURIComponent(KEY)}`);
    const thread = await screen.findByTestId('thread');
    const bubbles = await within(thread).findAllByTestId('message-bubble');
    expect(bubbles.map((bubble) => bubble.dataset.direction)).toEqual(['outbound', 'outbound', 'inbound']);
    expect(within(bubbles[0]!).getByTestId('delivery-status')).toHaveAttribute('data-status', 'read');
    expect(bubbles[0]).toHaveTextContent('via SMS');
    expect(within(bubbles[1]!).getByTestId('message-failure')).toHaveTextContent(
      'Not delivered: Message undeliverable Sending has stopped.',
    );
    expect(within(thread).getByTestId('thread-booking')).toHaveTextContent('BK-1042');
    expect(within(thread).getByRole('link', { name: 'Open booking' })).toHaveAttribute(
      'href',
      '/dashboard/bookings?booking=40000000-0000-4000-8000-000000000001',
    );
    // Times in Riyadh: the window closes at 08:00 there.
    expect(await screen.findByTestId('whatsapp-window')).toHaveTextContent('You can reply freely until 8:00 AM.');
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'rpc/mark_conversation_seen')?.body).toEqual({ conversation_key: KEY }),
    );
  });

  it('sends a template as rendered for the guest, and a retry after a network error reuses the draft key', async () => {
    // The first try and the mutation's two automatic retries (lib/query-client) all fail.
    let failures = 3;
    sendAnswer = (call) => {
      if (failures-- > 0) throw new TypeError('Failed to fetch');
      return json({ ...THREAD[0], id: 'new', body: (call.body as { body: string }).body, status: 'queued' });
    };
    const { user } = renderInbox(`/dashboard/inbox?c=${encodeURIComponent(KEY)}`);
    await screen.findByRole('option', { name: 'Welcome' });
    await user.selectOptions(screen.getByTestId('composer-template'), 't1');
    const body = screen.getByTestId('composer-body');
    await waitFor(() => expect(body).toHaveValue('مرحبا عمر، أهلا بك في فيلا النخيل'));
    expect(calls.find((call) => call.path === 'rpc/render_message_template')?.body).toMatchObject({
      template_id: 't1',
      language: 'ar',
    });

    await user.click(screen.getByTestId('composer-send'));
    expect(await screen.findByTestId('composer-problem')).toHaveTextContent('the text is kept');
    expect(body).toHaveValue('مرحبا عمر، أهلا بك في فيلا النخيل');

    await user.click(screen.getByTestId('composer-send'));
    await waitFor(() => expect(body).toHaveValue(''));
    const bodies = sent().map((call) => call.body as Record<string, unknown>);
    expect(bodies).toHaveLength(4);
    expect(bodies[0]).toMatchObject({ client_id: CLIENT, channel: 'whatsapp', template_id: 't1' });
    expect(new Set(bodies.map((sentBody) => sentBody.idempotency_key)).size).toBe(1);
    expect(bodies[0]!.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
  }, 20_000);

  it('sends an edited template as the text the user wrote, and counts SMS parts', async () => {
    const { user } = renderInbox(`/dashboard/inbox?c=${encodeURIComponent(KEY)}`);
    await screen.findByRole('option', { name: 'Pre-arrival' });
    await user.selectOptions(screen.getByTestId('composer-channel'), 'sms');
    await user.selectOptions(screen.getByTestId('composer-template'), 't2');
    const body = screen.getByTestId('composer-body');
    await waitFor(() => expect(body).toHaveValue('مرحبا عمر، أهلا بك في فيلا النخيل'));
    // Arabic goes as UCS-2: 33 characters, one part (of 70).
    expect(screen.getByText('33 characters · 1 SMS')).toBeInTheDocument();
    await user.type(body, ' 🌴');
    await user.click(screen.getByTestId('composer-send'));
    await waitFor(() => expect(body).toHaveValue(''));
    expect(sent()[0]!.body).toMatchObject({ channel: 'sms', body: 'مرحبا عمر، أهلا بك في فيلا النخيل 🌴' });
    expect(sent()[0]!.body).not.toHaveProperty('template_id');
  });

  it('explains a refusal in words and keeps the draft; Enter sends on a desktop keyboard', async () => {
    sendAnswer = () =>
      json({ code: 'PT409', message: 'WhatsApp window closed', hint: 'whatsapp_window_closed', details: null }, 409);
    const { user } = renderInbox(`/dashboard/inbox?c=${encodeURIComponent(KEY)}`);
    await screen.findByTestId('whatsapp-window');
    const body = screen.getByTestId('composer-body');
    await user.type(body, 'See you tomorrow{Enter}');
    expect(await screen.findByTestId('composer-problem')).toHaveTextContent(
      'The 24-hour WhatsApp window is closed. Send an approved template or use SMS.',
    );
    expect(body).toHaveValue('See you tomorrow');
    expect(sent()[0]!.body).toMatchObject({ body: 'See you tomorrow', channel: 'whatsapp' });
    expect(sent()[0]!.body).not.toHaveProperty('template_id');
  });

  it('says when the chat app could not be opened', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderInbox(`/dashboard/inbox?c=${encodeURIComponent(KEY)}`);
    await user.type(await screen.findByTestId('composer-body'), 'Hi');
    await user.click(screen.getByTestId('open-whatsapp'));
    expect(window.open).toHaveBeenCalledWith('https://wa.me/966501234567?text=Hi', '_blank', 'noopener,noreferrer');
    expect(screen.getByTestId('composer-problem')).toHaveTextContent('Failed to open the chat app');
  });

  it('disables the composer for a guest who opted out, and for a role that may only read', async () => {
    conversations = [{ ...CONVERSATION, opted_out: true }];
    renderInbox(`/dashboard/inbox?c=${encodeURIComponent(KEY)}`);
    expect(await screen.findByTestId('composer-opted-out')).toHaveTextContent('asked not to receive messages');
    expect(screen.queryByTestId('composer-send')).toBeNull();
  });

  it('shows a read-only thread to messages.read without messages.write', async () => {
    permissions = ['messages.read'];
    renderInbox(`/dashboard/inbox?c=${encodeURIComponent(KEY)}`);
    expect(await screen.findByTestId('composer-read-only')).toBeInTheDocument();
    expect(screen.queryByTestId('composer-body')).toBeNull();
  });

  it('pages back through older conversations by the last one shown', async () => {
    const guest = (n: number): Conversation => ({
      ...CONVERSATION,
      conversation_key: `client:30000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
      client_id: `30000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
      client_name: `Guest ${n}`,
      last_message_at: new Date(Date.UTC(2026, 10, 27, 5, 0) - n * 60_000).toISOString(),
      unread_count: 0,
    });
    conversations = Array.from({ length: 30 }, (_, n) => guest(n));
    olderConversations = [guest(30)];
    const { user } = renderInbox();
    await screen.findByRole('button', { name: /Guest 29/ });
    await user.click(screen.getByRole('button', { name: 'Older conversations' }));
    expect(await screen.findByRole('button', { name: /Guest 30/ })).toBeInTheDocument();
    const paged = calls.filter((call) => call.path === 'rpc/inbox_conversations').at(-1);
    expect(paged?.body).toMatchObject({ before: conversations[29]!.last_message_at, page_size: 30 });
    expect(screen.queryByRole('button', { name: 'Older conversations' })).toBeNull();
  });

  it('says "Permission denied" to a role without messages.read', async () => {
    permissions = ['bookings.read'];
    renderInbox();
    expect(await screen.findByTestId('permission-denied')).toBeInTheDocument();
  });

  it('reads in Arabic: the list, the day separators and the composer', async () => {
    await changeLanguage('ar');
    renderInbox(`/dashboard/inbox?c=${encodeURIComponent(KEY)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'الرسائل' })).toBeInTheDocument();
    const bubbles = await screen.findAllByTestId('message-bubble');
    expect(bubbles[0]).toHaveTextContent('عبر رسالة نصية');
    expect(await screen.findByTestId('whatsapp-window')).toHaveTextContent('يمكنك الرد بحرية حتى');
    expect(screen.getByTestId('composer-send')).toHaveTextContent('إرسال');
  });
});
