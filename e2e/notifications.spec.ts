import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, unique } from './bookings-helpers';
import { signInWithPhone, useSession } from './support/auth';
import { expect, preferLanguage, test } from './support/fixtures';
import { stackEnv } from './support/stack-env';

/**
 * Notifications (issue 14), in English and Arabic: the demo owner assigns a new task to the
 * Team Member (+966500000003); the member's bell shows the unread count and the item in their
 * screen's language; clicking it opens the task and clears it. The task's e-mail reaches the
 * member's address in the local outbox (in the member's own language, English). The owner turns
 * an event's e-mail off in Settings → Notifications, it stays off after a reload, and back on.
 */
const MEMBER_PHONE = '+966500000003';
const MEMBER_ID = '10000000-0000-4000-8000-000000000003';
const MEMBER_EMAIL = 'faisal@demo.nuzl.example';

type Messages = Record<string, unknown>;
const messages = (language: 'en' | 'ar'): Messages =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'src', 'locales', language, 'notifications.json'), 'utf8'),
  ) as Messages;
const say = (m: Messages, path: string, values: Record<string, string> = {}): string => {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Messages | undefined)?.[key], m);
  if (typeof value !== 'string') throw new Error(`no message ${path}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
};

interface OutboxMessage {
  to: string;
  kind: string;
  subject?: string;
  body: string;
}

async function mailTo(to: string, pick: (message: OutboxMessage) => boolean): Promise<OutboxMessage> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const response = await fetch(`${stackEnv().apiUrl}/_local/outbox?to=${encodeURIComponent(to)}`);
    const found = ((await response.json()) as OutboxMessage[]).find(pick);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no matching e-mail to ${to} in the outbox`);
}

let memberSession: ReturnType<typeof signInWithPhone> | null = null;

test.describe.configure({ mode: 'serial' });

for (const language of ['en', 'ar'] as const) {
  const m = messages(language);

  test(`a task assigned to the Team Member rings their bell and is e-mailed (${language})`, async ({
    page,
    ownerSession,
  }) => {
    test.setTimeout(90_000);
    const title = unique(language === 'en' ? 'Replace the lobby bulbs' : 'استبدال مصابيح المدخل');
    const [task] = await api<{ id: string }[]>(ownerSession.access_token, 'POST', 'tasks', {
      title,
      type: 'maintenance',
      assignee_id: MEMBER_ID,
    });

    memberSession ??= signInWithPhone(MEMBER_PHONE);
    await useSession(page, await memberSession);
    await preferLanguage(page, language);
    await page.addInitScript(() =>
      window.localStorage.setItem(
        'nuzl.onboarding',
        JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
      ),
    );
    await page.goto('/dashboard');

    const bell = page.getByTestId('notification-bell');
    await expect(bell.getByTestId('notification-count')).toBeVisible();
    await expect(bell).toHaveAccessibleName(new RegExp(`^${say(m, 'bell.title')}، |^Notifications, \\d+ unread$`));
    await bell.click();
    const panel = page.getByRole('dialog', { name: say(m, 'bell.title') });
    const item = panel.getByTestId('notification-item').filter({ hasText: title });
    await expect(item).toContainText(say(m, 'events.task_assigned.title', { title }));
    await expect(item).toHaveAttribute('data-unread', 'true');

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/tasks\\?task=${task!.id}`));
    await expect(page.getByRole('dialog').getByRole('heading', { name: title })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByTestId('notification-bell').click();
    await expect(page.getByTestId('notification-item').filter({ hasText: title })).toHaveAttribute(
      'data-unread',
      'false',
    );

    const mail = await mailTo(MEMBER_EMAIL, (message) => message.subject?.includes(title) === true);
    expect(mail.kind).toBe('notification_task_assigned');
    expect(mail.subject).toMatch(/^New task for you: /);
    expect(mail.body).toContain(`/dashboard/tasks?task=${task!.id}`);
  });

  test(`the owner turns an event's e-mail off and on in Settings → Notifications (${language})`, async ({
    signedInPage: page,
  }) => {
    test.setTimeout(90_000);
    await preferLanguage(page, language);
    await page.goto('/dashboard/settings?tab=notifications');
    const toggle = page.getByTestId('notification-toggle-review_received-email');
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await page.getByTestId('notification-save').click();
    await expect(page.getByText(say(m, 'settings.saved'))).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('notification-toggle-review_received-email')).not.toBeChecked();
    await expect(page.getByTestId('notification-toggle-review_received-in_app')).toBeChecked();
    await page.getByTestId('notification-toggle-review_received-email').check();
    await page.getByTestId('notification-save').click();
    await expect(page.getByText(say(m, 'settings.saved'))).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('notification-toggle-review_received-email')).toBeChecked();
  });
}
