/**
 * Settings → Messages and the Integrations tab's WhatsApp card (issue 16), in English and Arabic.
 * The two languages run in parallel on one stack, so each has its own organisation: English the
 * demo owner of org 1 (WhatsApp seeded, connected to the sandbox), Arabic the owner of org 2 (not
 * connected). Each switches an automatic message off and sees it kept after a reload, creates a
 * template with variables put in by their chips and previews it with its own booking (the guest's
 * name filled in by the database), sees an unknown variable flagged and refused by name, and
 * connects (ar) or re-tests (en) WhatsApp against the sandbox.
 */
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { api, createBooking, createGuest, createUnit, dayFromToday, removeUnit, unique } from './bookings-helpers';
import { signInWithPhone, useSession } from './support/auth';
import { expect, preferLanguage, test } from './support/fixtures';

type Messages = Record<string, unknown>;
const messages = (language: 'en' | 'ar', namespace: string): Messages =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'src', 'locales', language, `${namespace}.json`), 'utf8'),
  ) as Messages;
const say = (m: Messages, path: string): string => {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Messages | undefined)?.[key], m);
  if (typeof value !== 'string') throw new Error(`no message ${path}`);
  return value;
};

async function violations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Puts a variable at the end of a text field with its chip, as a host would: click, End, chip. */
async function appendVariable(page: Page, field: string, variable: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId(field).click();
  await dialog.getByTestId(field).press('End');
  await dialog.getByTestId(`variable-chip-${variable}`).click();
}

async function journey(page: Page, language: 'en' | 'ar', token: string) {
  const m = messages(language, 'messaging');
  const integrations = messages(language, 'integrations');
  // Org 2's plan allows two units, both seeded: its test books one of them, far ahead.
  const ownUnit = language === 'en';
  const unit = ownUnit
    ? await createUnit(token, unique('Messages unit'), unique('وحدة الرسائل'))
    : (await api<{ id: string }[]>(token, 'GET', 'units?select=id&order=created_at&limit=1'))[0]!;
  const start = 300 + Math.floor(Math.random() * 300);
  const guest = await createGuest(token, unique(language === 'en' ? 'Reem Messages' : 'ريم الرسائل'));
  const booking = await createBooking(token, {
    unit_id: unit.id,
    client_id: guest.id,
    check_in: dayFromToday(start),
    check_out: dayFromToday(start + 2),
  });
  const templateName = unique(language === 'en' ? 'Parking' : 'الموقف');
  try {
    await page.goto('/dashboard/settings?tab=messages');
    await expect(page.getByTestId('messages-settings')).toBeVisible({ timeout: 30_000 });

    // An automatic message switched off stays off after a reload (and is switched back on).
    let toggle = page.getByTestId('automation-toggle-check_out_day');
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await page.reload();
    toggle = page.getByTestId('automation-toggle-check_out_day');
    await expect(toggle).not.toBeChecked({ timeout: 30_000 });
    await toggle.click();
    await expect(toggle).toBeChecked();

    // A template with variables from their chips, previewed with this test's booking.
    await page.getByTestId('template-new').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(say(m, 'templates.form.name'), { exact: true }).fill(templateName);
    await dialog.getByTestId('template-body-en').fill('Hello ');
    await appendVariable(page, 'template-body-en', 'guest_name');
    await dialog.getByTestId('template-body-ar').fill('أهلًا ');
    await appendVariable(page, 'template-body-ar', 'guest_name');
    await expect(dialog.getByTestId('template-body-en')).toHaveValue('Hello {{guest_name}}');
    await expect(dialog.getByTestId('template-body-ar')).toHaveValue('أهلًا {{guest_name}}');
    await expect(dialog.getByTestId('template-body-ar')).toHaveAttribute('dir', 'rtl');
    await dialog.getByTestId('preview-booking').selectOption(booking.id);
    await dialog.getByTestId('template-preview').click();
    await expect(dialog.getByTestId('template-preview-en')).toHaveText(`Hello ${guest.name}`);
    await expect(dialog.getByTestId('template-preview-ar')).toHaveText(`أهلًا ${guest.name}`);
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByTestId('template-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('message-template-row').filter({ hasText: templateName })).toBeVisible();

    // An unknown variable: flagged while typed, refused by the database with its name.
    await page.getByTestId('template-new').click();
    await dialog.getByLabel(say(m, 'templates.form.name'), { exact: true }).fill(`${templateName} Wi-Fi`);
    await dialog.getByTestId('template-body-en').fill('Wi-Fi: {{wifi}}');
    await dialog.getByTestId('template-body-ar').fill('الشبكة: {{wifi}}');
    await expect(dialog.getByTestId('unknown-variables-body_en')).toContainText('{{wifi}}');
    await dialog.getByTestId('template-save').click();
    await expect(dialog.getByTestId('template-save-error')).toHaveText(
      say(m, 'errors.unknown_variable').replace('{{name}}', '{{wifi}}'),
    );
    await dialog.getByRole('button', { name: say(m, 'cancel'), exact: true }).click();
    await expect(dialog).toBeHidden();
    expect(await violations(page, '[data-testid="messages-settings"]')).toEqual([]);
  } finally {
    await api(token, 'DELETE', `message_templates?name=like.${encodeURIComponent(`${templateName}*`)}`);
    if (ownUnit) await removeUnit(token, unit.id);
    else await api(token, 'DELETE', `bookings?id=eq.${booking.id}`);
  }

  // WhatsApp Business against the sandbox.
  await page.goto('/dashboard/settings?tab=integrations');
  const card = page.getByTestId('integration-whatsapp');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('whatsapp-webhook-url')).toHaveText(/\/functions\/v1\/messaging\/webhooks\/whatsapp$/);
  if (language === 'ar') {
    // Org 2 connects a number of its own (any 15-digit id is the sandbox's), then disconnects.
    await expect(card.getByTestId('whatsapp-status')).toHaveText(say(integrations, 'messaging.status.not_connected'));
    await card
      .getByLabel(say(integrations, 'messaging.whatsapp.phone_number_id'), { exact: true })
      .fill('100000000000002');
    await card
      .getByLabel(say(integrations, 'messaging.whatsapp.business_account_id'), { exact: true })
      .fill('200000000000002');
    await card
      .getByLabel(say(integrations, 'messaging.whatsapp.access_token'), { exact: true })
      .fill('sandbox-whatsapp-token');
    await card.getByTestId('whatsapp-save').click();
    await expect(card.getByLabel(say(integrations, 'messaging.whatsapp.access_token'), { exact: true })).toHaveValue(
      '',
    );
  }
  await card.getByTestId('whatsapp-test').click();
  await expect(card.getByTestId('whatsapp-test-result')).toHaveText(say(integrations, 'messaging.test_ok'));
  await expect(card.getByTestId('whatsapp-status')).toHaveText(say(integrations, 'messaging.status.active'));
  await page.reload();
  await expect(page.getByTestId('whatsapp-status')).toHaveText(say(integrations, 'messaging.status.active'), {
    timeout: 30_000,
  });
  await expect(page.getByTestId('whatsapp-last-test')).not.toHaveText(say(integrations, 'never'));
  if (language === 'ar') {
    await page.getByTestId('whatsapp-disconnect').click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: say(integrations, 'messaging.disconnect') })
      .click();
    await expect(page.getByTestId('whatsapp-status')).toHaveText(say(integrations, 'messaging.status.not_connected'));
  }
}

test.describe('settings messages (en, org 1)', () => {
  test('automatic message kept off, template with variables previewed, unknown variable refused, WhatsApp tested', async ({
    signedInPage: page,
    ownerSession,
  }) => {
    test.setTimeout(120_000);
    await preferLanguage(page, 'en');
    await journey(page, 'en', ownerSession.access_token);
  });
});

test.describe('settings messages (ar, org 2)', () => {
  test('رسالة تلقائية متوقفة بعد إعادة التحميل، وقالب بمتغيّرات ومعاينة، ومتغيّر مجهول مرفوض، وواتساب مربوط ومختبر', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const session = await signInWithPhone('+966500000002');
    await useSession(page, session);
    await page.addInitScript(() =>
      window.localStorage.setItem(
        'nuzl.onboarding',
        JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
      ),
    );
    await preferLanguage(page, 'ar');
    await journey(page, 'ar', session.access_token);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
