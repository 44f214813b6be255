/**
 * The landing page (issue 12, SPEC §2) in English and Arabic, at a phone and a desktop width:
 * every section, the pricing switch and the plan carried by "Get started", the walkthrough's real
 * screenshots, testimonials from the database (and none shown when none is published), the
 * contact form's confirmation and each refusal, and the legal pages from the footer.
 *
 * The contact form's calls leave from a loopback address of their own (fetchFrom), since the
 * database limits messages per client address.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from '@playwright/test';
import arLanding from '../src/locales/ar/landing.json' with { type: 'json' };
import enLanding from '../src/locales/en/landing.json' with { type: 'json' };
import arLegal from '../src/locales/ar/legal.json' with { type: 'json' };
import enLegal from '../src/locales/en/legal.json' with { type: 'json' };
import { fetchFrom } from '../supabase/tests/helpers/fetch-from';
import { signInWithPhone } from './support/auth';
import { expect, preferLanguage, test } from './support/fixtures';
import { stackEnv } from './support/stack-env';

const LANDING = { en: enLanding, ar: arLanding } as const;
const LEGAL = { en: enLegal, ar: arLegal } as const;
const LOCALE = { en: 'en-SA', ar: 'ar-SA-u-nu-latn-ca-gregory' } as const;
const WIDTHS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
const SUPER_ADMIN_PHONE = '+966500000000';
/** The seed's published testimonials (supabase/seed.sql). */
const SEEDED_AUTHORS = ['عبدالله القحطاني', 'Noura Al-Harbi', 'Faisal Al-Otaibi'];

let addressSeq = 0;
/** A loopback address for this worker's visitors only. */
function freshAddress(): string {
  addressSeq += 1;
  return `127.0.${120 + (test.info().workerIndex % 60)}.${2 + ((Date.now() + addressSeq * 37) % 250)}`;
}

function headersOf(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

/** Sends the page's submit_contact_request call from `address` instead of the browser's own. */
async function contactFrom(page: Page, address: string): Promise<void> {
  const send = fetchFrom(address);
  await page.route('**/rest/v1/rpc/submit_contact_request', async (route: Route) => {
    const request = route.request();
    const response = await send(request.url(), {
      method: request.method(),
      headers: request.headers(),
      body: request.postData() ?? undefined,
    });
    await route.fulfill({
      status: response.status,
      headers: headersOf(response),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
}

/** A message sent the way the form sends it, from `address`, outside the browser. */
async function sendContact(address: string, fields: Record<string, unknown>): Promise<number> {
  const { apiUrl, anonKey } = stackEnv();
  const response = await fetchFrom(address)(`${apiUrl}/rest/v1/rpc/submit_contact_request`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'From the e2e suite', consent: true, language: 'en', ...fields }),
  });
  return response.status;
}

let phoneSeq = 0;
/** A Saudi mobile this worker has not used, as a visitor types it (local form, spaces). */
function freshLocalPhone(): { typed: string; e164: string } {
  phoneSeq += 1;
  const digits = String((Date.now() * 7 + phoneSeq * 7919 + test.info().workerIndex * 104729) % 10_000_000).padStart(
    7,
    '0',
  );
  return { typed: `055 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+96655${digits}` };
}

async function money(page: Page, amount: number, language: 'en' | 'ar'): Promise<string> {
  return page.evaluate(
    ([value, locale]) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'SAR',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(value),
    [amount, LOCALE[language]] as const,
  );
}

async function openLanding(page: Page, language: 'en' | 'ar'): Promise<void> {
  await preferLanguage(page, language);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Publishes or unpublishes the seeded testimonials as the super administrator. */
async function setTestimonialsPublished(token: string, published: boolean): Promise<void> {
  const { apiUrl, anonKey } = stackEnv();
  const response = await fetch(`${apiUrl}/rest/v1/testimonials?permission_at=not.is.null`, {
    method: 'PATCH',
    headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ is_published: published }),
  });
  if (!response.ok) throw new Error(`testimonials → ${response.status}: ${await response.text()}`);
}

/** axe-core finds nothing on the page, at any impact (WCAG 2.1 A and AA). */
async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id} (${violation.impact})`)).toEqual([]);
}

for (const language of ['en', 'ar'] as const) {
  const text = LANDING[language];

  for (const [widthName, viewport] of Object.entries(WIDTHS)) {
    test.describe(`landing sections (${language}, ${widthName})`, () => {
      test.use({ viewport });

      test('every section in order, the walkthrough’s real screens, no sideways scrolling', async ({ page }) => {
        await openLanding(page, language);
        const main = page.locator('main');
        await expect(main.getByRole('heading', { level: 1, name: text.hero.title })).toBeVisible();
        for (const title of [
          text.features.title,
          text.modules.title,
          text.pricing.title,
          text.walkthrough.title,
          text.contact.title,
        ]) {
          await expect(main.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
        }
        // Testimonials arrive after the first paint, between the walkthrough and the contact form
        // (their own test below unpublishes them for a moment, so they are not required here).
        await expect
          .poll(() => main.locator('section[id]').evaluateAll((sections) => sections.map((section) => section.id)))
          .toEqual(expect.arrayContaining(['features', 'modules', 'pricing', 'demo', 'contact']));
        const order = await main
          .locator('section[id]')
          .evaluateAll((sections) => sections.map((section) => section.id));
        expect(order.filter((id) => id !== 'testimonials')).toEqual([
          'features',
          'modules',
          'pricing',
          'demo',
          'contact',
        ]);
        if (order.includes('testimonials')) expect(order.indexOf('testimonials')).toBe(4);
        await expect(page.getByTestId('landing-footer')).toBeVisible();
        // Feature cards promise only what ships: no door codes, WhatsApp or channel sync.
        await expect(main).not.toContainText(
          language === 'en' ? /WhatsApp|door code|channel/i : /واتساب|رمز الباب|القنوات/,
        );

        for (const shot of ['overview', 'bookings', 'invoice', 'booking_page'] as const) {
          const image = page.getByTestId(`walkthrough-${shot}`).locator('img');
          await expect(image).toHaveAttribute('alt', text.walkthrough.shots[shot].alt);
          await expect(image).toHaveAttribute('loading', 'lazy');
          await expect(image).toHaveAttribute('decoding', 'async');
          await expect(image).toHaveAttribute('width', /\d+/);
          await expect(image).toHaveAttribute('srcset', new RegExp(`/walkthrough/${language}/`));
          await image.scrollIntoViewIfNeeded();
          await expect
            .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
            .toBeGreaterThan(0);
          const chosen = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
          expect(chosen).toContain(widthName === 'phone' ? '-phone-' : '-desktop-');
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });

      test('pricing: the switch changes the figures, VAT is stated, Get started carries the plan', async ({ page }) => {
        await openLanding(page, language);
        const pricing = page.locator('#pricing');
        const basic = pricing.getByTestId('plan-basic');
        const advanced = pricing.getByTestId('plan-advanced');
        await expect(basic.getByTestId('plan-price')).toHaveText(await money(page, 81, language));
        await expect(advanced.getByTestId('plan-price')).toHaveText(await money(page, 119, language));
        await expect(basic.getByTestId('plan-vat')).toContainText(await money(page, 10.57, language));
        await expect(pricing.getByTestId('pricing-vat-note')).toHaveText(text.pricing.vat_note);
        await expect(pricing.getByTestId('plan-enterprise').getByTestId('plan-price')).toHaveText(
          text.pricing.by_agreement,
        );
        await expect(basic).toContainText(text.pricing.users_one.replace('{{formatted}}', '1'));
        await expect(advanced).toContainText(text.pricing.unlimited_users);

        await pricing.getByRole('button', { name: text.pricing.yearly }).click();
        await expect(pricing.getByRole('button', { name: text.pricing.yearly })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        await expect(basic.getByTestId('plan-price')).toHaveText(await money(page, 890, language));
        await expect(advanced.getByTestId('plan-price')).toHaveText(await money(page, 1309, language));
        await expect(advanced.getByTestId('plan-vat')).toContainText(await money(page, 170.74, language));

        const start = advanced.getByRole('link', { name: new RegExp(`^${text.pricing.start}`) });
        await expect(start).toHaveAttribute('href', '/login?plan=advanced&billing=yearly');
        await start.click();
        await expect(page).toHaveURL(/\/login\?plan=advanced&billing=yearly$/);
        // The sign-in page notes the plan chosen (auth namespace, the visitor's language).
        const auth = JSON.parse(readFileSync(`src/locales/${language}/auth.json`, 'utf8')) as {
          login: { chosen_plan: string; plan_names: { advanced: string }; billing_names: { yearly: string } };
        };
        await expect(page.getByTestId('chosen-plan')).toHaveText(
          auth.login.chosen_plan
            .replace('{{plan}}', auth.login.plan_names.advanced)
            .replace('{{billing}}', auth.login.billing_names.yearly),
        );
      });
    });
  }

  test.describe(`contact form (${language})`, () => {
    test.describe.configure({ timeout: 60_000 });

    test('checks the fields before sending, in the visitor’s language', async ({ page }) => {
      await openLanding(page, language);
      const form = page.getByTestId('contact-form');
      await form.getByRole('button', { name: text.contact.submit }).click();
      for (const key of ['name_required', 'contact_required', 'message_required', 'consent_required'] as const) {
        await expect(form.getByText(text.contact.errors[key], { exact: true })).toBeVisible();
      }
      await expect(form.getByLabel(text.contact.name, { exact: true })).toBeFocused();

      await form.getByLabel(text.contact.name, { exact: true }).fill('Layla');
      await form.getByLabel(text.contact.phone, { exact: true }).fill('12345');
      await form.getByLabel(text.contact.email, { exact: true }).fill('layla@example');
      await form.getByLabel(text.contact.message, { exact: true }).fill('Hello');
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: text.contact.submit }).click();
      await expect(form.getByText(text.contact.errors.phone_invalid, { exact: true })).toBeVisible();
      await expect(form.getByText(text.contact.errors.email_invalid, { exact: true })).toBeVisible();
      await expect(form.getByText(text.contact.errors.name_required, { exact: true })).toHaveCount(0);
    });

    test('a message reaches the operator: confirmation, stored, e-mailed through the outbox', async ({ page }) => {
      await contactFrom(page, freshAddress());
      await openLanding(page, language);
      const name = `E2E Contact ${language} ${Date.now()}`;
      const phone = freshLocalPhone();
      const form = page.getByTestId('contact-form');
      await form.getByLabel(text.contact.name, { exact: true }).fill(name);
      await form.getByLabel(text.contact.phone, { exact: true }).fill(phone.typed);
      await form
        .getByLabel(text.contact.message, { exact: true })
        .fill(language === 'ar' ? 'نريد تجربة باقة المؤسسات.' : 'We want a demo.');
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: text.contact.submit }).click();
      const sent = page.getByTestId('contact-sent');
      await expect(sent).toContainText(text.contact.sent_title);
      await expect(sent).toContainText(text.contact.sent_body);

      const { apiUrl } = stackEnv();
      await expect
        .poll(
          async () => {
            const response = await fetch(`${apiUrl}/_local/outbox?to=operator@nuzl.local`);
            const mails = (await response.json()) as Array<{ subject?: string; body: string }>;
            return mails.find((mail) => mail.subject?.includes(name))?.body ?? '';
          },
          { timeout: 20_000 },
        )
        .toContain(`Phone: ${phone.e164}`);

      await sent.getByRole('button', { name: text.contact.send_another }).click();
      await expect(page.getByTestId('contact-form').getByLabel(text.contact.name, { exact: true })).toHaveValue('');
    });

    test('refusals: too many from one contact or one connection, or no connection; what was typed stays', async ({
      page,
    }) => {
      const address = freshAddress();
      await contactFrom(page, address);
      await openLanding(page, language);
      const form = page.getByTestId('contact-form');
      const fill = async (phone: string) => {
        await form.getByLabel(text.contact.name, { exact: true }).fill('Refused visitor');
        await form.getByLabel(text.contact.phone, { exact: true }).fill(phone);
        await form.getByLabel(text.contact.message, { exact: true }).fill('Please call me back.');
        await form.getByRole('checkbox').check();
      };
      const expectKept = async (phone: string) => {
        await expect(form.getByLabel(text.contact.name, { exact: true })).toHaveValue('Refused visitor');
        await expect(form.getByLabel(text.contact.phone, { exact: true })).toHaveValue(phone);
        await expect(form.getByLabel(text.contact.message, { exact: true })).toHaveValue('Please call me back.');
        await expect(form.getByRole('checkbox')).toBeChecked();
      };

      // One phone number: three messages already today (from other connections).
      const busy = freshLocalPhone();
      for (let i = 0; i < 3; i += 1)
        expect(await sendContact(freshAddress(), { name: 'Earlier', phone: busy.e164 })).toBe(200);
      await fill(busy.typed);
      await form.getByRole('button', { name: text.contact.submit }).click();
      await expect(form.getByTestId('contact-error')).toHaveText(text.contact.errors.limit_contact);
      await expectKept(busy.typed);

      // One connection: five messages already today (other contacts).
      for (let i = 0; i < 5; i += 1) {
        expect(await sendContact(address, { name: 'Earlier', email: `e2e-${Date.now()}-${i}@example.com` })).toBe(200);
      }
      const other = freshLocalPhone();
      await fill(other.typed);
      await form.getByRole('button', { name: text.contact.submit }).click();
      await expect(form.getByTestId('contact-error')).toHaveText(text.contact.errors.limit_address);
      await expectKept(other.typed);

      // No connection at all.
      await page.unroute('**/rest/v1/rpc/submit_contact_request');
      await page.route('**/rest/v1/rpc/submit_contact_request', (route) => route.abort('internetdisconnected'));
      await form.getByRole('button', { name: text.contact.submit }).click();
      await expect(form.getByTestId('contact-error')).toHaveText(text.contact.errors.network);
      await expectKept(other.typed);
    });
  });

  test.describe(`footer and legal pages (${language})`, () => {
    test('terms and privacy from the footer, in the visitor’s language; the footer switches language', async ({
      page,
    }) => {
      const legal = LEGAL[language];
      await openLanding(page, language);
      const footer = page.getByTestId('landing-footer');
      for (const key of ['features', 'pricing', 'demo', 'contact'] as const) {
        await expect(footer.getByRole('link', { name: text.footer[key], exact: true })).toHaveAttribute(
          'href',
          `#${key}`,
        );
      }
      await footer.getByRole('link', { name: text.footer.terms }).click();
      await expect(page).toHaveURL(/\/terms$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.terms.title);
      await expect(page.getByRole('heading', { level: 2, name: legal.terms.sections.plans.title })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

      await expectNoAxeViolations(page);

      await page.getByTestId('landing-footer').getByRole('link', { name: text.footer.privacy }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.privacy.title);
      await expect(page.getByRole('heading', { level: 2, name: legal.privacy.sections.rights.title })).toBeVisible();
      await expectNoAxeViolations(page);

      const other = language === 'en' ? 'ar' : 'en';
      await page.getByTestId('landing-footer').getByTestId('language-switch').click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(LEGAL[other].privacy.title);
    });
  });
}

test.describe('testimonials come from the database', () => {
  // One test: it unpublishes the seeded testimonials for a moment, and puts them back.
  test.describe.configure({ mode: 'serial' });

  test('the published ones are shown in their own language; none published hides the section', async ({ page }) => {
    await openLanding(page, 'en');
    const cards = page.getByTestId('testimonial');
    await expect(cards).toHaveCount(SEEDED_AUTHORS.length);
    for (const author of SEEDED_AUTHORS) await expect(cards.filter({ hasText: author })).toHaveCount(1);
    await expect(cards.filter({ hasText: 'عبدالله القحطاني' }).locator('blockquote')).toHaveAttribute('lang', 'ar');
    // The draft is not shown.
    await expect(page.locator('#testimonials')).not.toContainText('مسودة');

    const { access_token: token } = await signInWithPhone(SUPER_ADMIN_PHONE);
    await setTestimonialsPublished(token, false);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { level: 2, name: enLanding.contact.title })).toBeVisible();
      // Give the testimonials request time to answer, then check nothing appeared.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('#testimonials')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: enLanding.testimonials.title })).toHaveCount(0);
    } finally {
      await setTestimonialsPublished(token, true);
    }
  });
});
