import { readFile } from 'node:fs/promises';
import { decodeQrPayload } from '../src/features/invoices/lib/tlv';
import {
  STAY,
  createStay,
  invoicesOfBooking,
  issuedInvoice,
  pdfText,
  removeStay,
  rpc,
  scanQr,
  screenMoney,
  type Stay,
} from './money-helpers';
import { expect, preferLanguage, test } from './support/fixtures';

const TEXT = {
  en: {
    dir: 'ltr',
    locale: 'en-SA',
    guest: 'E2E Invoice Guest',
    newInvoice: 'New invoice',
    fromBooking: 'From a booking',
    createInvoice: 'Create invoice',
    booking: 'Booking',
    bookingRequired: 'Please select a booking to create an invoice',
    createdFromBooking: (reference: string) => `Draft created from booking ${reference}`,
    draftTitle: 'Draft invoice',
    title: (number: string) => `Invoice ${number}`,
    creditNoteTitle: (number: string) => `Credit note ${number}`,
    issue: 'Issue invoice',
    recordPayment: 'Record payment',
    amount: 'Amount',
    exceeds: 'The payment exceeds the remaining balance of the invoice',
    serverExceeds: 'Failed to create payment: The payment exceeds the remaining balance of the invoice',
    amountHint: (balance: string) => `Up to the balance: ${balance}`,
    remainingAfter: (amount: string) => `Remaining after this payment: ${amount}`,
    remaining: (amount: string) => `Remaining ${amount}`,
    markPaid: 'Mark as paid',
    markPaidDescription: (balance: string) => `Records a payment of the whole balance, ${balance}.`,
    status: { draft: 'Draft', pending: 'Pending', paid: 'Paid' },
    refund: 'Refund',
    refundAmount: 'Amount to refund',
    reason: 'Reason',
    refundReason: 'Pool heating out of order for one night',
    refundExceeds: (amount: string) => `The refund exceeds the amount paid (${amount})`,
    creditNote: 'Credit note',
    corrects: (number: string) => `Corrects ${number}`,
    downloadPdf: 'Download PDF',
  },
  ar: {
    dir: 'rtl',
    locale: 'ar-SA-u-nu-latn-ca-gregory',
    guest: 'ضيف اختبار الفاتورة',
    newInvoice: 'فاتورة جديدة',
    fromBooking: 'من حجز',
    createInvoice: 'إنشاء الفاتورة',
    booking: 'الحجز',
    bookingRequired: 'يرجى اختيار حجز لإنشاء الفاتورة',
    createdFromBooking: (reference: string) => `أُنشئت مسودة من الحجز ${reference}`,
    draftTitle: 'مسودة فاتورة',
    title: (number: string) => `الفاتورة ${number}`,
    creditNoteTitle: (number: string) => `إشعار دائن ${number}`,
    issue: 'إصدار الفاتورة',
    recordPayment: 'تسجيل دفعة',
    amount: 'المبلغ',
    exceeds: 'المبلغ يتجاوز الرصيد المتبقي من الفاتورة',
    serverExceeds: 'تعذّر تسجيل الدفعة: مبلغ الدفعة يتجاوز الرصيد المتبقي من الفاتورة',
    amountHint: (balance: string) => `حتى المبلغ المتبقي: ${balance}`,
    remainingAfter: (amount: string) => `المتبقي بعد هذه الدفعة: ${amount}`,
    remaining: (amount: string) => `المتبقي ${amount}`,
    markPaid: 'تحديد كمدفوعة',
    markPaidDescription: (balance: string) => `تُسجَّل دفعة بكامل المبلغ المتبقي: ${balance}.`,
    status: { draft: 'مسودة', pending: 'بانتظار الدفع', paid: 'مدفوعة' },
    refund: 'استرداد',
    refundAmount: 'المبلغ المسترد',
    reason: 'السبب',
    refundReason: 'تعطل تدفئة المسبح ليلة واحدة',
    refundExceeds: (amount: string) => `مبلغ الاسترداد يتجاوز المبلغ المدفوع (${amount})`,
    creditNote: 'إشعار دائن',
    corrects: (number: string) => `تصحّح المستند ${number}`,
    downloadPdf: 'تنزيل PDF',
  },
} as const;

/** The seller of the demo organisation (supabase/seed.sql), as every issued document carries it. */
const SELLER = { nameAr: 'شركة نزل للإقامات القصيرة', nameEn: 'Nuzl Short Stays Company', vat: '310123456700003' };

/** "1,863.00 SAR" (the tax document's own notation, the same in both languages) → 1863. */
const documentAmount = (text: string | null) => Number((text ?? '').replace(/ SAR$/, '').replace(/,/g, ''));

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test.describe(`invoices (${language})`, () => {
    // Many round trips each (fixtures, form, five writes, two documents) on a shared 2-core machine.
    test.describe.configure({ timeout: 150_000 });
    let token = '';
    let stay: Stay | undefined;

    test.beforeEach(async ({ ownerSession }) => {
      token = ownerSession.access_token;
      stay = await createStay(token, text.guest);
    });
    test.afterEach(async () => {
      await removeStay(token, stay);
      stay = undefined;
    });

    test('from a booking to a refund: issue, the QR carries the invoice, a part payment, overpayments refused, mark paid, a credit note', async ({
      signedInPage: page,
    }) => {
      const { booking } = stay!;
      const money = (amount: number) => screenMoney(page, amount, text.locale);
      await preferLanguage(page, language);
      await page.goto('/dashboard/payments?section=invoices');
      await expect(page.locator('html')).toHaveAttribute('dir', text.dir);
      await expect(page.locator('html')).toHaveAttribute('lang', language);

      // From a booking, without choosing one: refused in the form, nothing created.
      await page.getByRole('button', { name: text.newInvoice }).click({ timeout: 30_000 });
      const form = page.getByRole('dialog');
      await form.getByRole('button', { name: text.fromBooking }).click();
      await expect(form.getByRole('button', { name: text.fromBooking })).toHaveAttribute('aria-pressed', 'true');
      await form.getByRole('button', { name: text.createInvoice }).click();
      await expect(form.getByRole('alert').filter({ hasText: text.bookingRequired })).toBeVisible();
      const picker = form.getByRole('combobox', { name: text.booking });
      await expect(picker).toHaveAttribute('aria-invalid', 'true');
      expect(await invoicesOfBooking(token, booking.id)).toEqual([]);

      // Choose this test's booking by its reference.
      await picker.fill(booking.booking_reference);
      await form.getByRole('option').filter({ hasText: booking.booking_reference }).click();
      await expect(form.getByTestId('booking-picker-selected')).toContainText(booking.booking_reference);
      await expect(form.getByText(text.bookingRequired)).toHaveCount(0);
      await form.getByRole('button', { name: text.createInvoice }).click();

      // The draft: the stay and cleaning lines, the totals, no number and no QR yet.
      await expect(page).toHaveURL(/\/dashboard\/payments\/invoices\/[\w-]+$/);
      const invoiceUrl = page.url();
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(text.draftTitle);
      await expect(page.getByTestId('invoice-status').first()).toHaveText(text.status.draft);
      const documentView = page.getByTestId('tax-invoice');
      await expect(documentView.getByTestId('doc-lines')).toContainText(booking.booking_reference);
      await expect(documentView.getByTestId('doc-total')).toHaveText('1,863.00 SAR');
      await expect(documentView.getByTestId('zatca-qr')).toHaveCount(0);
      expect(await invoicesOfBooking(token, booking.id)).toEqual([expect.objectContaining({ status: 'draft' })]);

      // Issue it.
      await page.getByTestId('invoice-actions').getByRole('button', { name: text.issue }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: text.issue }).click();
      await expect(heading).toHaveText(new RegExp(`^${text.title('INV-\\d{6}')}$`));
      const number = (await documentView.getByTestId('doc-number').textContent()) ?? '';
      expect(number).toMatch(/^INV-\d{6}$/);
      await expect(heading).toHaveText(text.title(number));
      await expect(page.getByTestId('invoice-status').first()).toHaveText(text.status.pending);

      // The QR: as painted, it scans to the payload the page carries, whose tags are this
      // invoice's own seller, VAT number, issue moment and totals as the document shows them.
      const qr = documentView.getByTestId('zatca-qr');
      await expect(qr).toBeVisible();
      const payload = (await qr.getAttribute('data-payload')) ?? '';
      expect(await scanQr(page, '[data-testid="tax-invoice"] [data-testid="zatca-qr"]')).toBe(payload);
      const fields = decodeQrPayload(payload);
      const shown = async (testId: string) => (await documentView.getByTestId(testId).textContent()) ?? '';
      expect(fields.sellerName).toBe(SELLER.nameAr);
      expect(fields.sellerName).toBe(await shown('doc-seller-ar'));
      expect(fields.vatNumber).toBe(SELLER.vat);
      expect(fields.vatNumber).toBe(await shown('doc-seller-vat'));
      const issueTime = (await documentView.locator('dt:text-is("Issue time") + dd').textContent()) ?? '';
      expect(issueTime).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      expect(fields.timestamp).toBe(`${await shown('doc-issue-date')}T${issueTime}`);
      expect(documentAmount(await shown('doc-total'))).toBe(STAY.total);
      expect(documentAmount(await shown('doc-vat'))).toBe(STAY.vat);
      expect(Number(fields.total)).toBe(documentAmount(await shown('doc-total')));
      expect(Number(fields.vat)).toBe(documentAmount(await shown('doc-vat')));

      // More than the balance is refused in the form, with what the balance is.
      const balance = page.getByTestId('invoice-balance');
      await expect(balance).toHaveText(await money(STAY.total));
      const actions = page.getByTestId('invoice-actions');
      await actions.getByRole('button', { name: text.recordPayment }).click();
      let dialog = page.getByRole('dialog');
      const amount = dialog.getByLabel(text.amount, { exact: true });
      await expect(amount).toHaveValue('1863.00');
      await amount.fill('2000');
      await dialog.getByRole('button', { name: text.recordPayment }).click();
      await expect(dialog.getByRole('alert').filter({ hasText: text.exceeds })).toBeVisible();
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog.getByText(text.amountHint(await money(STAY.total)))).toBeVisible();

      // A part payment: the remaining balance before and after.
      await amount.fill('500');
      await expect(dialog.getByTestId('payment-remaining')).toHaveText(text.remainingAfter(await money(1363)));
      await dialog.getByRole('button', { name: text.recordPayment }).click();
      await expect(dialog).toBeHidden();
      await expect(balance).toHaveText(await money(1363));
      await expect(page.getByTestId('invoice-paid')).toHaveText(await money(500));
      const rows = page.getByTestId('payment-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(text.remaining(await money(1363)));
      await expect(page.getByTestId('invoice-status').first()).toHaveText(text.status.pending);

      // The balance changed elsewhere (a payment at the front desk) while the form was open:
      // the database refuses the stale amount with a clear message, and the page catches up.
      await actions.getByRole('button', { name: text.recordPayment }).click();
      dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel(text.amount, { exact: true })).toHaveValue('1363.00');
      await rpc(token, 'record_payment', { invoice_id: invoiceUrl.split('/').pop(), amount: 363, method: 'cash' });
      await dialog.getByRole('button', { name: text.recordPayment }).click();
      await expect(dialog.getByTestId('payment-error')).toHaveText(text.serverExceeds);
      await expect(balance).toHaveText(await money(1000));
      await expect(dialog.getByText(text.amountHint(await money(1000)))).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(rows).toHaveCount(2);

      // Mark as paid: the whole remaining balance in one payment.
      await actions.getByRole('button', { name: text.markPaid }).click();
      dialog = page.getByRole('dialog');
      await expect(dialog.getByText(text.markPaidDescription(await money(1000)))).toBeVisible();
      await dialog.getByRole('button', { name: text.markPaid }).click();
      await expect(dialog).toBeHidden();
      await expect(balance).toHaveText(await money(0));
      await expect(page.getByTestId('invoice-paid')).toHaveText(await money(STAY.total));
      await expect(page.getByTestId('invoice-status').first()).toHaveText(text.status.paid);
      await expect(rows).toHaveCount(3);
      await expect(actions.getByRole('button', { name: text.recordPayment })).toHaveCount(0);
      await expect(actions.getByRole('button', { name: text.markPaid })).toHaveCount(0);

      // A refund: more than was paid is refused; 230.00 gives a credit note referencing the invoice.
      await actions.getByRole('button', { name: text.refund }).click();
      dialog = page.getByRole('dialog');
      const refundAmount = dialog.getByLabel(text.refundAmount);
      await expect(refundAmount).toHaveValue('1863.00');
      await refundAmount.fill('1863.01');
      await dialog.getByLabel(text.reason).fill(text.refundReason);
      await dialog.getByRole('button', { name: text.refund }).click();
      await expect(
        dialog.getByRole('alert').filter({ hasText: text.refundExceeds(await money(STAY.total)) }),
      ).toBeVisible();
      await refundAmount.fill('230');
      await dialog.getByRole('button', { name: text.refund }).click();
      await expect(dialog).toBeHidden();
      const note = page.getByTestId('related-note');
      await expect(note).toHaveCount(1);
      await expect(note).toContainText(text.creditNote);
      await expect(note).toContainText(text.refundReason);
      const noteLink = note.getByRole('link', { name: /^INV-\d{6}$/ });
      const noteNumber = (await noteLink.textContent()) ?? '';
      expect(noteNumber).not.toBe(number);
      await expect(rows).toHaveCount(4);

      // The credit note: its own number and QR, the invoice it corrects, linked back.
      await noteLink.click();
      await expect(heading).toHaveText(text.creditNoteTitle(noteNumber));
      await expect(documentView.getByTestId('doc-title-ar')).toHaveText('إشعار دائن');
      await expect(documentView.locator('dt:text-is("Original invoice") + dd')).toHaveText(number);
      await expect(documentView.locator('dt:text-is("Reason") + dd')).toHaveText(text.refundReason);
      await expect(documentView.getByTestId('doc-total')).toHaveText('230.00 SAR');
      await expect(documentView.getByTestId('doc-vat')).toHaveText('30.00 SAR');
      const notePayload = (await documentView.getByTestId('zatca-qr').getAttribute('data-payload')) ?? '';
      const noteFields = decodeQrPayload(notePayload);
      expect(noteFields).toMatchObject({ sellerName: SELLER.nameAr, vatNumber: SELLER.vat });
      expect(Number(noteFields.total)).toBe(230);
      expect(Number(noteFields.vat)).toBe(30);
      const back = page.getByTestId('original-link');
      await expect(back).toHaveText(text.corrects(number));
      await back.click();
      await expect(page).toHaveURL(invoiceUrl);
      await expect(heading).toHaveText(text.title(number));
    });

    test('a link to invoice a booking opens the form with that booking chosen', async ({ signedInPage: page }) => {
      const { booking, guest } = stay!;
      await preferLanguage(page, language);
      await page.goto(`/dashboard/payments?section=invoices&new=booking&booking=${booking.id}`);
      const form = page.getByRole('dialog');
      await expect(form.getByRole('button', { name: text.fromBooking })).toHaveAttribute('aria-pressed', 'true', {
        timeout: 30_000,
      });
      const chosen = form.getByTestId('booking-picker-selected');
      await expect(chosen).toContainText(booking.booking_reference);
      await expect(chosen).toContainText(guest.name);
      await form.getByRole('button', { name: text.createInvoice }).click();
      await expect(page.getByText(text.createdFromBooking(booking.booking_reference))).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/payments\/invoices\/[\w-]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.draftTitle);
      await expect(page.getByTestId('doc-lines')).toContainText(booking.booking_reference);
    });

    test('the invoice page fits a 390 px phone: nothing scrolls sideways', async ({ signedInPage: page }) => {
      const invoice = await issuedInvoice(token, stay!.booking.id);
      await preferLanguage(page, language);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/dashboard/payments/invoices/${invoice.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title(invoice.invoice_number), {
        timeout: 30_000,
      });
      await expect(page.getByTestId('tax-invoice')).toBeVisible();
      // Whatever sticks out past the screen's edge, named, so a failure says where to look. The
      // lines table may scroll inside its own box (overflow-x: auto), not the page.
      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const inScroller = (element: Element) => {
          for (let parent = element.parentElement; parent; parent = parent.parentElement) {
            if (['auto', 'scroll'].includes(getComputedStyle(parent).overflowX)) return true;
          }
          return false;
        };
        const wide = Array.from(document.querySelectorAll<HTMLElement>('main *'))
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && (box.right > width + 1 || box.left < -1) && !inScroller(element);
          })
          .slice(0, 5)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 60)}`);
        return { scrollWidth: document.documentElement.scrollWidth, width, wide };
      });
      expect(overflow.wide).toEqual([]);
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.width);
    });

    test('the print view shows the bilingual tax invoice with its QR; Download PDF saves the same document', async ({
      signedInPage: page,
    }) => {
      const invoice = await issuedInvoice(token, stay!.booking.id);
      await preferLanguage(page, language);
      await page.goto(`/dashboard/payments/invoices/${invoice.id}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(text.title(invoice.invoice_number), { timeout: 30_000 });
      await expect(page.locator('html')).toHaveAttribute('dir', text.dir);
      const frame = [page.locator('aside:has(nav)'), page.locator('header').first()];
      for (const part of frame) await expect(part).toBeVisible();

      await page.emulateMedia({ media: 'print' });
      const documentView = page.getByTestId('tax-invoice');
      await expect(documentView).toBeVisible();
      // Only the tax document prints: the app's frame, the actions and the side panels do not.
      for (const part of frame) await expect(part).toBeHidden();
      await expect(heading).toBeHidden();
      await expect(page.getByTestId('invoice-actions')).toBeHidden();
      await expect(page.getByTestId('payment-history')).toBeHidden();
      // Arabic seller and labels beside the English, whatever the screen's language, and the QR.
      await expect(documentView.getByTestId('doc-seller-ar')).toHaveText(SELLER.nameAr);
      await expect(documentView.getByTestId('doc-seller-ar')).toBeVisible();
      await expect(documentView.getByTestId('doc-title-ar')).toHaveText('فاتورة ضريبية مبسطة');
      for (const label of ['الرقم الضريبي', 'رقم الفاتورة', 'تاريخ الإصدار', 'الإجمالي شامل ضريبة القيمة المضافة'])
        await expect(documentView.locator('[lang="ar"]', { hasText: label }).first()).toBeVisible();
      await expect(documentView.getByTestId('zatca-qr')).toBeVisible();
      const printed = await documentView.getByTestId('zatca-qr').getAttribute('data-payload');
      expect(await scanQr(page, '[data-testid="tax-invoice"] [data-testid="zatca-qr"]')).toBe(printed);
      expect(decodeQrPayload(printed ?? '')).toMatchObject({
        sellerName: SELLER.nameAr,
        vatNumber: SELLER.vat,
        total: String(STAY.total.toFixed(2)),
        vat: String(STAY.vat.toFixed(2)),
      });

      await page.emulateMedia({ media: 'screen' });
      const downloading = page.waitForEvent('download');
      await page.getByTestId('invoice-actions').getByRole('button', { name: text.downloadPdf }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`${invoice.invoice_number}.pdf`);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const [first] = await pdfText(new Uint8Array(bytes));
      expect(first).toContain(invoice.invoice_number);
      expect(first).toContain(SELLER.nameAr);
      expect(first).toContain('فاتورة ضريبية مبسطة');
      expect(first).toContain('1,863.00 SAR');
    });
  });
}
