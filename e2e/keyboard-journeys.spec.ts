/**
 * Issue 12, "Accessibility across the app": the everyday journeys with the keyboard alone —
 * sign in, create a booking, create a client, complete a task — in English and Arabic.
 *
 * The journeys press Tab, Shift+Tab, Enter, Space, Escape and the arrow keys through
 * `page.keyboard` and type into whatever field has the focus; no click, no `fill()`. At every
 * stop the focused element must show where the focus is (`:focus-visible` with an outline or a
 * ring, on screen). Data-API calls only prepare fixtures and check what was saved.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { api, createGuest, createUnit, dayFromToday, removeUnit, unique } from './bookings-helpers';
import { expect as baseExpect, preferLanguage, test } from './support/fixtures';

type Language = 'en' | 'ar';

// Shared machine: the screens load lazily, the dialogs ask the database as one types.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
// Dates typed into <input type="date"> follow the browser's locale: fix it (mm/dd/yyyy).
test.use({ locale: 'en-US' });

type Messages = Record<string, unknown>;
const catalogues = new Map<string, Messages>();

/** A message of src/locales, as `namespace:key.path`, with {{placeholders}} filled. */
function msg(language: Language, key: string, values: Record<string, string> = {}): string {
  const [namespace, path] = key.split(':') as [string, string];
  const file = `${language}/${namespace}`;
  if (!catalogues.has(file)) {
    const text = readFileSync(join(import.meta.dirname, '..', 'src', 'locales', `${file}.json`), 'utf8');
    catalogues.set(file, JSON.parse(text) as Messages);
  }
  const value = path.split('.').reduce<unknown>((node, part) => (node as Messages)?.[part], catalogues.get(file));
  if (typeof value !== 'string') throw new Error(`no message ${language}/${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** What has the focus, for failure messages. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '(nothing)';
    const name =
      element.getAttribute('aria-label') ??
      element.getAttribute('placeholder') ??
      (element.textContent ?? '').trim().slice(0, 40);
    const type = element.getAttribute('type');
    return `<${element.tagName.toLowerCase()}${type ? ` type=${type}` : ''}${element.id ? `#${element.id}` : ''}> "${name}"${element.matches(':focus') ? '' : ' (not :focus)'}${document.hasFocus() ? '' : ' (page without focus)'}`;
  });
}

/**
 * The focused element shows it (WCAG 2.4.7): it draws an outline or a ring and is on screen. A
 * visually hidden control (a file input behind its styled label) shows it on its label.
 */
async function expectFocusVisible(page: Page): Promise<void> {
  const state = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { visible: false, why: 'nothing has the focus' };
    const indicator = (target: Element) => {
      const style = getComputedStyle(target);
      const box = target.getBoundingClientRect();
      return {
        drawn:
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
          (style.boxShadow !== 'none' && style.boxShadow !== ''),
        onScreen: box.width > 1 && box.height > 1,
        why: `outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow}, ${box.width}×${box.height}`,
      };
    };
    // A filled date box has one more stop, its calendar button inside the browser's own shadow
    // tree: Chromium outlines it itself, and the box no longer matches :focus.
    if (element.matches('input[type="date"]:not(:focus), input[type="time"]:not(:focus)')) {
      return { visible: true, why: "the browser's calendar button" };
    }
    const own = indicator(element);
    if (own.onScreen) return { visible: own.drawn, why: own.why };
    const labels = Array.from((element as HTMLInputElement).labels ?? []);
    const label = labels.map(indicator).find((candidate) => candidate.onScreen);
    return label
      ? { visible: label.drawn, why: `on its label: ${label.why}` }
      : { visible: false, why: `hidden, without a visible label: ${own.why}` };
  });
  expect(state.visible, `focus indicator of ${await describeFocus(page)}: ${state.why}`).toBe(true);
}

const hasFocus = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement, undefined, { timeout: 2_000 }).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus shows at each stop. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  const path: string[] = [];
  for (let step = 0; step < max; step += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    path.push(await describeFocus(page));
    await expectFocusVisible(page);
    if (await hasFocus(target)) return;
  }
  throw new Error(`${max} presses of Tab never reached the target; the focus went through:\n${path.join('\n')}`);
}

/** Presses a key, then checks the focus is where it should be and shows. */
async function expectFocusOn(page: Page, target: Locator): Promise<void> {
  await expect.poll(() => hasFocus(target), { message: `focus on ${target}` }).toBe(true);
  await expectFocusVisible(page);
}

/** A <select> moved with the arrow keys (closed, as Chromium lets it) until it shows `label`. */
async function arrowToOption(page: Page, select: Locator, label: string): Promise<void> {
  await expectFocusOn(page, select);
  for (let step = 0; step < 200; step += 1) {
    const shown = await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.label ?? '');
    if (shown === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`"${label}" is not an option`);
}

/** Types a yyyy-mm-dd day into the focused <input type="date"> as mm dd yyyy (locale en-US). */
async function typeDay(page: Page, day: string): Promise<void> {
  const [year, month, date] = day.split('-') as [string, string, string];
  await page.keyboard.type(`${month}${date}${year}`);
}

function localPhone(e164: string): string {
  return `0${e164.slice(4)}`;
}

/** The skip link first: the keyboard's way past the navigation to the screen. */
async function skipToContent(page: Page, language: Language): Promise<void> {
  const skip = page.getByRole('link', { name: msg(language, 'common:skip_to_content') });
  await page.keyboard.press('Tab');
  await expectFocusOn(page, skip);
  await page.keyboard.press('Enter');
}

/**
 * A list screen's "New …" dialog opened with the keyboard alone: the screen's heading, the skip
 * link, Tab to the button, Enter. `section` is the screen's translation namespace.
 */
async function openNewDialog(page: Page, language: Language, section: 'bookings' | 'clients'): Promise<Locator> {
  await page.goto(`/dashboard/${section}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(language, `${section}:title`));
  await skipToContent(page, language);
  await tabTo(page, page.getByRole('button', { name: msg(language, `${section}:actions.new`) }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

const LANGUAGES: Language[] = ['en', 'ar'];

for (const language of LANGUAGES) {
  test.describe(`keyboard only (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await preferLanguage(page, language);
    });

    test('sign in with a phone number and the code', async ({ page }) => {
      // Each language its own demo account, so the two never meet the per-number send limit.
      const phone = language === 'en' ? '+966500000003' : '+966500000001';
      await page.addInitScript(() =>
        window.localStorage.setItem(
          'nuzl.onboarding',
          JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
        ),
      );
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(language, 'auth:login.title'));
      await skipToContent(page, language);
      await tabTo(page, page.getByLabel(msg(language, 'auth:login.phone_label')));
      await page.keyboard.type(localPhone(phone));
      // "Remember me" is a checkbox: Space turns it off, and on again.
      const remember = page.getByRole('checkbox', { name: msg(language, 'auth:login.remember_me') });
      await tabTo(page, remember);
      await expect(remember).toBeChecked();
      await page.keyboard.press('Space');
      await expect(remember).not.toBeChecked();
      await page.keyboard.press('Space');
      await expect(remember).toBeChecked();
      await tabTo(page, page.getByRole('button', { name: msg(language, 'auth:login.send_code') }));
      // The auth server allows one code per number every few seconds: another run may just
      // have asked for this one. Wait and press again, as a person would.
      for (let attempt = 0; ; attempt += 1) {
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('code-form').or(page.getByTestId('send-error'))).toBeVisible();
        if (await page.getByTestId('code-form').isVisible()) break;
        expect(attempt, 'the code could not be sent').toBeLessThan(3);
        await page.waitForTimeout(6_000);
        await expectFocusVisible(page);
      }
      // The first box of the code has the focus; the sixth digit sends it.
      await expectFocusOn(page, page.getByTestId('otp-0'));
      await page.keyboard.type('123456');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(language, 'dashboard:title'));
      await expect(page.getByTestId('user-menu')).toBeVisible();
    });

    test('create a booking', async ({ signedInPage: page, ownerSession }) => {
      const token = ownerSession.access_token;
      const unitNames = { en: unique('KB Unit'), ar: unique('وحدة لوحة المفاتيح') };
      const unit = await createUnit(token, unitNames.en, unitNames.ar);
      const guest = await createGuest(token, unique(language === 'en' ? 'KB Guest' : 'ضيف لوحة المفاتيح'));
      const [checkIn, checkOut] = [
        dayFromToday(language === 'en' ? 40 : 44),
        dayFromToday(language === 'en' ? 42 : 46),
      ];
      try {
        const dialog = await openNewDialog(page, language, 'bookings');
        // The guest: type part of the name, ArrowDown to the match, Enter to choose it.
        const search = dialog.getByRole('combobox', { name: msg(language, 'bookings:form.guest') });
        await expectFocusOn(page, search);
        await page.keyboard.type(guest.name);
        const matches = dialog.getByRole('listbox', { name: msg(language, 'bookings:form.guest') });
        const option = matches.getByRole('option', { name: new RegExp(guest.name) });
        await expect(option).toBeVisible();
        await expect(matches.getByRole('option')).toHaveCount(1);
        await page.keyboard.press('ArrowDown');
        await expect(option).toHaveAttribute('aria-selected', 'true');
        await expect(search).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
        await page.keyboard.press('Enter');
        await expect(dialog.getByTestId('guest-selected')).toContainText(guest.name);
        // The focus stays in the form, on the way to change the guest.
        await expectFocusOn(page, dialog.getByRole('button', { name: msg(language, 'bookings:form.change_guest') }));

        await tabTo(page, dialog.getByLabel(msg(language, 'bookings:fields.unit')));
        await arrowToOption(page, dialog.getByLabel(msg(language, 'bookings:fields.unit')), unitNames[language]);
        await tabTo(page, dialog.getByLabel(msg(language, 'bookings:fields.check_in')));
        await typeDay(page, checkIn);
        await tabTo(page, dialog.getByLabel(msg(language, 'bookings:fields.check_out')));
        await typeDay(page, checkOut);
        await expect(dialog.getByText(msg(language, 'bookings:form.available'))).toBeVisible();
        await expect(dialog.getByTestId('quote-total')).toContainText('1,120.00'); // 2 × 500 + 120

        await tabTo(page, dialog.getByRole('button', { name: msg(language, 'bookings:form.create_submit') }));
        await page.keyboard.press('Enter');

        // Saved: its details open; Escape closes them.
        const details = page.getByTestId('booking-details');
        await expect(details.getByTestId('booking-total')).toContainText('1,120.00');
        const [saved] = await api<{ booking_reference: string }[]>(
          token,
          'GET',
          `bookings?unit_id=eq.${unit.id}&select=booking_reference,client_id,check_in,check_out`,
        );
        expect(saved).toMatchObject({ client_id: guest.id, check_in: checkIn, check_out: checkOut });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        // The focus goes back to "New booking", not to the top of the page.
        await expectFocusOn(page, page.getByRole('button', { name: msg(language, 'bookings:actions.new') }));

        // In the list: search for it by its reference.
        await tabTo(page, page.getByLabel(msg(language, 'bookings:filters.search_label')));
        await page.keyboard.type(saved!.booking_reference);
        await expect(page.getByTestId('booking-row')).toHaveCount(1);
        await expect(page.getByTestId('booking-row')).toContainText(guest.name);
      } finally {
        await api(token, 'DELETE', `bookings?unit_id=eq.${unit.id}`);
        await api(token, 'DELETE', `clients?id=eq.${guest.id}`);
        await removeUnit(token, unit.id);
      }
    });

    test('create a client', async ({ signedInPage: page, ownerSession }) => {
      const token = ownerSession.access_token;
      const name = unique(language === 'en' ? 'KB Client' : 'عميل لوحة المفاتيح');
      const phone = `+96655${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
      try {
        const dialog = await openNewDialog(page, language, 'clients');
        const nameField = dialog.getByLabel(msg(language, 'clients:fields.name'));
        await expectFocusOn(page, nameField);
        // The dialog keeps the focus: Shift+Tab from its first field wraps to its last control
        // (the close button), Tab comes back.
        await tabTo(page, dialog.getByRole('button', { name: msg(language, 'common:actions.close') }), {
          backwards: true,
          max: 1,
        });
        await tabTo(page, nameField, { max: 1 });
        await page.keyboard.type(name);
        await tabTo(page, dialog.getByLabel(msg(language, 'clients:fields.phone')));
        await page.keyboard.type(localPhone(phone));
        await tabTo(page, dialog.getByLabel(msg(language, 'clients:fields.national_id')));
        await page.keyboard.type(`1${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);
        const vip = dialog.getByRole('checkbox', { name: msg(language, 'clients:fields.is_vip') });
        await tabTo(page, vip);
        await page.keyboard.press('Space');
        await expect(vip).toBeChecked();
        await tabTo(page, dialog.getByRole('button', { name: msg(language, 'clients:form.create_submit') }));
        await page.keyboard.press('Enter');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        // The focus goes back to where it was before the dialog.
        await expectFocusOn(page, page.getByRole('button', { name: msg(language, 'clients:actions.new') }));

        const [saved] = await api<{ name: string; phone: string; is_vip: boolean }[]>(
          token,
          'GET',
          `clients?phone=eq.${encodeURIComponent(phone)}&select=name,phone,is_vip`,
        );
        expect(saved).toEqual({ name, phone, is_vip: true });
        // In the list: search for the name.
        await tabTo(page, page.getByLabel(msg(language, 'clients:toolbar.search_label')));
        await page.keyboard.type(name);
        await expect(page.getByTestId('client-row')).toHaveCount(1);
        await expect(page.getByTestId('client-row')).toContainText(name);
      } finally {
        await api(token, 'DELETE', `clients?phone=eq.${encodeURIComponent(phone)}`);
      }
    });

    test('start a task from its board card: the focus follows the card to In progress', async ({
      signedInPage: page,
      ownerSession,
    }) => {
      const token = ownerSession.access_token;
      const unit = await createUnit(token, unique('KB Board Unit'), unique('وحدة لوحة المهام'));
      const title = unique(language === 'en' ? 'KB board start' : 'بدء من اللوحة');
      await api(token, 'POST', 'tasks', { title, title_ar: title, type: 'cleaning', unit_id: unit.id });
      try {
        await page.goto(`/dashboard/tasks?unit=${unit.id}`);
        const pending = page.getByTestId('task-column-pending').getByTestId('task-card').filter({ hasText: title });
        await expect(pending).toHaveCount(1);
        await skipToContent(page, language);
        await tabTo(page, pending.getByRole('button', { name: msg(language, 'tasks:actions.start') }));
        await page.keyboard.press('Enter');
        // The card moved to the In progress column and mounted anew; its next step has the focus.
        const started = page.getByTestId('task-column-in_progress').getByTestId('task-card').filter({ hasText: title });
        await expect(started).toHaveCount(1);
        await expectFocusOn(page, started.getByRole('button', { name: msg(language, 'tasks:actions.complete') }));
      } finally {
        await api(token, 'DELETE', `tasks?unit_id=eq.${unit.id}`);
        await removeUnit(token, unit.id);
      }
    });

    test('complete a task', async ({ signedInPage: page, ownerSession }) => {
      const token = ownerSession.access_token;
      const unit = await createUnit(token, unique('KB Task Unit'), unique('وحدة مهمة لوحة المفاتيح'));
      const title = unique(language === 'en' ? 'KB turnover' : 'تنظيف لوحة المفاتيح');
      await api(token, 'POST', 'tasks', { title, title_ar: title, type: 'cleaning', unit_id: unit.id });
      try {
        // The board filtered to the unit, as the unit's "tasks" link opens it.
        await page.goto(`/dashboard/tasks?unit=${unit.id}`);
        const card = page.getByTestId('task-card').filter({ hasText: title });
        await expect(card).toHaveCount(1);
        await skipToContent(page, language);
        const details = card.getByRole('button', { name: msg(language, 'tasks:actions.details', { title }) });
        await tabTo(page, details);
        await page.keyboard.press('Enter');

        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByTestId('task-timeline')).toBeVisible();
        await tabTo(page, dialog.getByRole('button', { name: msg(language, 'tasks:actions.start') }));
        await page.keyboard.press('Enter');
        // Started: the focus moves on to the next step, "Mark complete".
        await expect(dialog.getByRole('button', { name: msg(language, 'tasks:actions.start') })).toHaveCount(0);
        await expectFocusOn(page, dialog.getByRole('button', { name: msg(language, 'tasks:actions.complete') }));
        await page.keyboard.press('Enter');
        await expect(dialog.getByTestId('task-completed-line')).toBeVisible();

        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        // Back on the card it was opened from, now among the completed tasks.
        const done = page.getByTestId('task-column-completed').getByTestId('task-card').filter({ hasText: title });
        await expect(done).toBeVisible();
        await expectFocusOn(
          page,
          done.getByRole('button', { name: msg(language, 'tasks:actions.details', { title }) }),
        );
        const [saved] = await api<{ status: string; completed_at: string | null }[]>(
          token,
          'GET',
          `tasks?unit_id=eq.${unit.id}&select=status,completed_at`,
        );
        expect(saved?.status).toBe('completed');
        expect(saved?.completed_at).not.toBeNull();
      } finally {
        await api(token, 'DELETE', `tasks?unit_id=eq.${unit.id}`);
        await removeUnit(token, unit.id);
      }
    });
  });
}
