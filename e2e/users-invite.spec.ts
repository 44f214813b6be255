import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { api } from './bookings-helpers';
import { expect, preferLanguage, test } from './support/fixtures';
import { stackEnv } from './support/stack-env';

/**
 * Issue 14, Users: the demo owner invites someone by e-mail as a Team Member; the invitation
 * e-mail reaches the local outbox in the chosen language with its link; the invitee opens the
 * link in a browser of their own, signs up with a one-time code e-mailed to the invited address,
 * joins, and sees only what a Team Member may (the Users screen answers "Permission denied.
 * Contact administrator."). The owner then deactivates them, and the member's dashboard says so.
 * In English and in Arabic.
 */
type Messages = Record<string, unknown>;
const locale = (language: 'en' | 'ar', namespace: string): Messages =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'src', 'locales', language, `${namespace}.json`), 'utf8'),
  ) as Messages;
const text = (messages: Messages, path: string): string => {
  const value = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], messages);
  if (typeof value !== 'string') throw new Error(`no message ${path}`);
  return value;
};

interface OutboxMessage {
  to: string;
  kind: string;
  subject?: string;
  body: string;
}

/** The newest message to `to` that `pick` accepts, waiting for the e-mail to arrive. */
async function mailTo(to: string, pick: (message: OutboxMessage) => boolean): Promise<OutboxMessage> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const response = await fetch(`${stackEnv().apiUrl}/_local/outbox?to=${encodeURIComponent(to)}`);
    const found = ((await response.json()) as OutboxMessage[]).find(pick);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no matching e-mail to ${to} in the outbox`);
}

/** A browser of the invitee's own: nobody signed in, the onboarding tour already dismissed. */
async function inviteeBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() =>
    window.localStorage.setItem(
      'nuzl.onboarding',
      JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
    ),
  );
  return context.newPage();
}

for (const language of ['en', 'ar'] as const) {
  test(`the owner invites a Team Member by e-mail, who signs up from the link and joins (${language})`, async ({
    signedInPage: page,
    ownerSession,
    browser,
  }) => {
    test.setTimeout(120_000);
    const users = locale(language, 'users');
    const common = locale(language, 'common');
    const auth = locale(language, 'auth');
    const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const email = `invitee-${language}-${suffix}@test.nuzl.example`;
    const fullName = language === 'en' ? `Sara Alghamdi ${suffix}` : `سارة الغامدي ${suffix}`;
    const organization = language === 'en' ? 'Nuzl Demo Stays' : 'نُزُل للإقامات';
    await preferLanguage(page, language);

    // The owner invites; the invitation's language follows the owner's screen.
    await page.goto('/dashboard/users');
    await expect(page.getByRole('heading', { level: 1, name: text(users, 'title') })).toBeVisible();
    await expect(page.getByTestId('users-table')).toBeVisible();
    await page.getByTestId('invite-user').click();
    const dialog = page.getByTestId('invite-dialog');
    await expect(dialog.getByTestId('invite-role')).not.toHaveValue('');
    await expect(dialog.getByTestId('invite-language')).toHaveValue(language);
    await dialog.getByTestId('invite-email').fill(email);
    await dialog.getByTestId('invite-submit').click();
    await expect(dialog).toHaveCount(0);
    await page.getByTestId('users-search').fill(email);
    const row = page.getByTestId('users-table').getByTestId('user-row').filter({ hasText: email });
    await expect(row.getByTestId('user-status')).toHaveText(text(users, 'status.pending'));
    await expect(row).toContainText(text(users, 'roles.member'));

    // The e-mail, in the chosen language, with the link to the invitation page.
    const invitation = await mailTo(email, (message) => message.kind === 'invitation');
    expect(invitation.subject).toContain(language === 'en' ? 'invited you to join' : 'يدعوك للانضمام إلى');
    const link = /https?:\/\/\S+?(\/invite\/[0-9a-f]{64})/.exec(invitation.body)?.[1];
    if (!link) throw new Error(`no invitation link in: ${invitation.body}`);
    await expect(row.getByTestId('invitation-delivery')).toHaveText(text(users, 'list.email_sent'));

    // The invitee: a browser of their own, the page in the invitation's language.
    const invitee = await inviteeBrowser(browser);
    await invitee.goto(link);
    await expect(invitee.locator('html')).toHaveAttribute('lang', language);
    await expect(invitee.getByTestId('invite-summary')).toContainText(organization);
    await expect(invitee.getByTestId('invite-summary')).toContainText(text(users, 'roles.member'));
    await invitee.getByTestId('invite-full-name').fill(fullName);
    await invitee.getByTestId('invite-send-code').click();
    const codeMail = await mailTo(email, (message) => message.kind !== 'invitation' && /\b\d{6}\b/.test(message.body));
    const code = /code: (\d{6})/.exec(codeMail.body)?.[1] ?? /\b(\d{6})\b/.exec(codeMail.body)?.[1] ?? '';
    await invitee.getByTestId('invite-code').fill(code);
    await invitee.getByTestId('invite-verify').click();
    await invitee.getByTestId('invite-accept').click();
    await expect(invitee).toHaveURL(/\/dashboard$/);
    await expect(invitee.getByTestId('organization-name')).toHaveText(organization);

    // A Team Member: no user management.
    await invitee.goto('/dashboard/users');
    // The dashboard's section guard answers first (permission-denied); the Users screen's own
    // state (users-permission-denied) when the permissions arrive after it.
    await expect(invitee.getByTestId(/^(users-)?permission-denied$/)).toContainText(
      text(common, 'errors.permission_denied'),
    );
    await expect(invitee.getByTestId('invite-user')).toHaveCount(0);

    // The owner sees them as an active member now, and deactivates them.
    await page.reload();
    const member = page.getByTestId('users-table').getByTestId('user-row').filter({ hasText: email });
    await expect(member.getByTestId('user-status')).toHaveText(text(users, 'status.active'));
    await expect(member).toContainText(fullName);
    await member.getByRole('button', { name: text(users, 'actions.menu').replace('{{name}}', fullName) }).click();
    await page.getByTestId('user-action-deactivate').click();
    await page.getByTestId('confirm-user-action-submit').click();
    await expect(member.getByTestId('user-status')).toHaveText(text(users, 'status.inactive'));

    // The deactivated member reads nothing of the organisation, and is told why.
    await invitee.goto('/dashboard');
    await expect(invitee.getByTestId('account-problem')).toContainText(text(auth, 'account_problems.inactive'));
    await invitee.context().close();

    // Clean up: the member leaves the demo organisation.
    const [profile] = await api<{ user_id: string }[]>(
      ownerSession.access_token,
      'GET',
      `profiles?select=user_id&email=eq.${encodeURIComponent(email)}`,
    );
    if (profile) await api(ownerSession.access_token, 'DELETE', `profiles?user_id=eq.${profile.user_id}`);
  });
}
