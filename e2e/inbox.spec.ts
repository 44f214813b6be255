import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { api, createBooking, createUnit, dayFromToday, randomPhone, removeUnit, unique } from './bookings-helpers';
import { expect, preferLanguage, test } from './support/fixtures';
import { stackEnv } from './support/stack-env';

/**
 * The inbox (issue 16), in English and Arabic, as the demo owner on the seeded stack: the seeded
 * conversations are listed and one opens; a guest of this test (with a stay) writes on WhatsApp through
 * the sandbox and the reply appears live in the open thread and on the list, without a reload;
 * the owner answers with the "Welcome" template rendered for the guest, the bubble shows its
 * delivery tick, and the WhatsApp sandbox received the text for the guest's number.
 */
const SANDBOX = '/_sandbox/whatsapp';
/** The demo organisation's WhatsApp number: the seed connects it to the sandbox (supabase/local/whatsapp). */
const DEMO_PHONE_NUMBER_ID = '100000000000001';

type Messages = Record<string, unknown>;
const messages = (language: 'en' | 'ar'): Messages =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'src', 'locales', language, 'inbox.json'), 'utf8'),
  ) as Messages;
const say = (m: Messages, path: string): string => {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Messages | undefined)?.[key], m);
  if (typeof value !== 'string') throw new Error(`no message ${path}`);
  return value;
};

interface SandboxMessage {
  direction: 'inbound' | 'outbound';
  waId: string;
  body: string;
}

async function sandbox<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stackEnv().apiUrl}${SANDBOX}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${SANDBOX}${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

for (const language of ['en', 'ar'] as const) {
  const m = messages(language);

  test(`a guest's WhatsApp reply arrives live and a template answer reaches WhatsApp (${language})`, async ({
    signedInPage: page,
    ownerSession,
  }) => {
    test.setTimeout(120_000);
    const token = ownerSession.access_token;
    const unit = await createUnit(token, unique('Inbox Loft'), unique('شقة الرسائل'));
    const [guest] = await api<{ id: string; name: string; phone: string }[]>(
      token,
      'POST',
      'clients?select=id,name,phone',
      {
        name: unique(language === 'en' ? 'Layla Inbox' : 'ليلى الرسائل'),
        phone: randomPhone(),
        national_id: `1${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
        nationality: 'SA',
        preferred_language: language,
      },
    );
    if (!guest) throw new Error('guest not created');
    const booking = await createBooking(token, {
      unit_id: unit.id,
      client_id: guest.id,
      check_in: dayFromToday(1),
      check_out: dayFromToday(3),
      status: 'confirmed',
    });
    try {
      await preferLanguage(page, language);
      await page.goto('/dashboard/inbox');
      await expect(page.getByRole('heading', { level: 1, name: say(m, 'title') })).toBeVisible();
      // The demo organisation's seeded conversations: the most recent one opens beside the list.
      const first = page.getByTestId('conversation-row').first();
      await expect(first).toBeVisible();
      await first.click();
      await expect(page.getByTestId('thread').getByTestId('message-bubble').first()).toBeVisible();

      // The guest's thread, opened by its deep link before they ever wrote.
      await page.goto(`/dashboard/inbox?c=${encodeURIComponent(`client:${guest.id}`)}`);
      const thread = page.getByTestId('thread');
      await expect(thread.getByRole('heading', { level: 2, name: guest.name })).toBeVisible();

      // The guest writes on WhatsApp: the bubble appears in the open thread without a reload.
      const digits = guest.phone.replace(/\D/g, '');
      const question = unique(language === 'en' ? 'Can we check in at noon?' : 'هل يمكن الوصول ظهرًا؟');
      const played = await sandbox<{ webhook: { status: number; body: string } }>('POST', '/play/inbound', {
        from: digits,
        body: question,
        phone_number_id: DEMO_PHONE_NUMBER_ID,
        profile_name: guest.name,
      });
      expect(played.webhook.status, played.webhook.body).toBe(200);
      // Stored for this guest (the webhook → record_inbound_message), before the screen is asked.
      await expect
        .poll(
          async () =>
            (await api<{ body: string }[]>(token, 'GET', `messages?select=body&client_id=eq.${guest.id}`)).map(
              (row) => row.body,
            ),
          { timeout: 10_000 },
        )
        .toContain(question);
      const inbound = thread.locator('[data-testid="message-bubble"][data-direction="inbound"]', { hasText: question });
      await expect(inbound).toBeVisible({ timeout: 20_000 });
      // The list has the guest too (their confirmation, sent by SMS on booking, may be the newer message).
      await expect(
        page.locator(`[data-testid="conversation-row"][data-conversation="client:${guest.id}"]`),
      ).toBeVisible();
      // Their message opened the 24-hour window: free text may go out.
      await expect(thread.getByTestId('whatsapp-window')).toHaveAttribute('data-open', 'true');
      await expect(thread.getByTestId('thread-booking')).toContainText(booking.booking_reference);

      // Answer with the "Welcome" template, rendered for the guest's stay and language.
      // A default template's name is shown in the reader's language (common.json message_templates).
      await thread.getByTestId('composer-template').selectOption({ label: language === 'en' ? 'Welcome' : 'الترحيب' });
      const body = thread.getByTestId('composer-body');
      await expect(body).toHaveValue(new RegExp(guest.name.split(' ')[0]!));
      const text = await body.inputValue();
      await expect(thread.getByTestId('composer-channel')).toHaveValue('whatsapp');
      await thread.getByTestId('composer-send').click();
      await expect(body).toHaveValue('');

      const outbound = thread.locator('[data-testid="message-bubble"][data-direction="outbound"]', {
        hasText: text.slice(0, 40),
      });
      await expect(outbound).toBeVisible();
      // The messaging function sent it: the clock becomes a tick without a reload.
      await expect(outbound.getByTestId('delivery-status')).toHaveAttribute('data-status', /^(sent|delivered|read)$/, {
        timeout: 30_000,
      });
      await expect
        .poll(
          async () =>
            (await sandbox<SandboxMessage[]>('GET', '/messages')).some(
              (message) => message.direction === 'outbound' && message.waId === digits && message.body === text,
            ),
          { timeout: 20_000 },
        )
        .toBe(true);

      expect(await violations(page)).toEqual([]);
    } finally {
      await removeUnit(token, unit.id);
      await api(token, 'DELETE', `clients?id=eq.${guest.id}`);
    }
  });
}

test('on a phone the list and the thread are two views, with a way back (ar)', async ({ signedInPage: page }) => {
  const m = messages('ar');
  await page.setViewportSize({ width: 390, height: 844 });
  await preferLanguage(page, 'ar');
  await page.goto('/dashboard/inbox');
  const list = page.getByTestId('conversation-list');
  const first = page.getByTestId('conversation-row').first();
  await expect(first).toBeVisible();
  await expect(page.getByTestId('thread')).toHaveCount(0);

  await first.click();
  const thread = page.getByTestId('thread');
  await expect(thread.getByTestId('message-bubble').first()).toBeVisible();
  await expect(list).toBeHidden();
  // Ours at the inline end: in Arabic, the left side of the thread.
  const outbound = thread.locator('[data-testid="message-bubble"][data-direction="outbound"] > div').first();
  const box = await outbound.boundingBox();
  const threadBox = await thread.boundingBox();
  expect(box && threadBox && box.x - threadBox.x).toBeLessThan(24);

  await thread.getByRole('button', { name: say(m, 'thread.back') }).click();
  await expect(list).toBeVisible();
  await expect(page.getByTestId('thread')).toBeHidden();
  expect(await violations(page)).toEqual([]);
});
