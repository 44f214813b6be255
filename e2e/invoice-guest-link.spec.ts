import AxeBuilder from '@axe-core/playwright';
import { api, createGuest, unique } from './bookings-helpers';
import { expect, preferLanguage, test } from './support/fixtures';

/**
 * The guest's invoice link (issue 16): the demo owner books a stay and issues its invoice through
 * the API, reads the link as an invoice message would write it (render_message_text with
 * {{invoice_link}}), and the guest opens it signed out in English and Arabic: the invoice number,
 * the total and the ZATCA QR code, with no dashboard around it, the PDF downloads, and no axe violation (WCAG 2.1 AA and
 * best practices, as e2e/a11y-routes). A made-up token is "not found".
 */
const TEXT = {
  en: { title: (n: string) => `Invoice ${n}`, notFound: 'Invoice not found', status: 'Pending' },
  ar: { title: (n: string) => `الفاتورة ${n}`, notFound: 'لم نعثر على الفاتورة', status: 'بانتظار الدفع' },
} as const;

interface IssuedInvoice {
  id: string;
  invoice_number: string;
  total_amount: number;
}

function dayAfter(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A confirmed stay far ahead, its invoice issued, and the path {{invoice_link}} renders for it. */
async function invoicedStay(token: string, language: 'en' | 'ar') {
  const [unit] = await api<{ id: string }[]>(token, 'GET', 'units?select=id&is_active=eq.true&order=id&limit=1');
  if (!unit) throw new Error('no demo unit');
  const guest = await createGuest(token, unique(language === 'ar' ? 'سلمى' : 'Salma'));
  const offset = 1100 + Math.floor(Math.random() * 4000);
  const [booking] = await api<{ id: string }[]>(token, 'POST', 'bookings?select=id', {
    unit_id: unit.id,
    client_id: guest.id,
    check_in: dayAfter(offset),
    check_out: dayAfter(offset + 2),
    status: 'confirmed',
  });
  if (!booking) throw new Error('booking not created');
  const invoice = await api<IssuedInvoice>(token, 'POST', 'rpc/invoice_from_booking', {
    booking_id: booking.id,
    issue: true,
  });
  const rendered = await api<{ body: string }>(token, 'POST', 'rpc/render_message_text', {
    body: '{{invoice_link}}',
    booking_id: booking.id,
    language,
  });
  return { invoice, link: rendered.body };
}

test.use({ viewport: { width: 390, height: 844 } });

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test(`a guest opens their invoice from the message link, signed out (${language})`, async ({
    page,
    ownerSession,
  }) => {
    const { invoice, link } = await invoicedStay(ownerSession.access_token, language);
    expect(link).toMatch(/\/invoice\/[0-9a-f]{64}$/);
    const path = new URL(link, 'http://localhost').pathname;

    await preferLanguage(page, language);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: text.title(invoice.invoice_number) })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('guest-invoice-status')).toHaveText(text.status);
    await expect(page.getByTestId('doc-number')).toHaveText(invoice.invoice_number);
    const total = invoice.total_amount.toLocaleString('en-US', { minimumFractionDigits: 2 });
    await expect(page.getByTestId('doc-total')).toContainText(total);
    await expect(page.getByTestId('zatca-qr')).toBeVisible();
    await expect(page.getByTestId('action-pdf')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    // Signed out and no dashboard: no navigation of the app.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    const axe = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

    // The PDF is built in the browser, without a session.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('action-pdf').click()]);
    expect(download.suggestedFilename()).toBe(`${invoice.invoice_number}.pdf`);

    await page.goto(`/invoice/${'0'.repeat(64)}`);
    await expect(page.getByRole('heading', { name: text.notFound })).toBeVisible({ timeout: 30_000 });
  });
}
