import { readFile } from 'node:fs/promises';
import { devices, type Locator, type Page } from '@playwright/test';
import { api, dayFromToday } from './bookings-helpers';
import {
  AGING_BUCKETS,
  agingBuckets,
  amountOf,
  countOf,
  createOrganizationWithOwner,
  documentsIssuedBetween,
  freshVatNumber,
  lastMonth,
  MEMBER_PHONE,
  parseCsv,
  paymentsBetween,
  round2,
  rpcStatus,
  signedIn,
  wallClock,
  type Language,
  type Session,
} from './money-payments-helpers';
import { fromExcelSerial, readXlsx } from '../src/test/read-xlsx';
import { signInWithPhone } from './support/auth';
import { expect, preferLanguage, test } from './support/fixtures';

/**
 * /dashboard/payments (issue 11): the payments history, financial reports, VAT report and tax
 * compliance, in English and Arabic, against the seeded demo organisation. Figures on screen are
 * compared with sums the test makes itself from the invoices and payments rows (Data API as the
 * demo owner), so a wrong report function fails as well as a wrong screen. Periods end before
 * today where they can, so documents other specs create today do not move them.
 *
 * Tax profile and ZATCA onboarding run in a new organisation made for the test: the demo
 * organisation's seller details and e-invoicing state are shared with every other spec.
 */

const METHODS = {
  en: {
    cash: 'Cash',
    bank_transfer: 'Bank transfer',
    credit_card: 'Credit card',
    mada: 'mada',
    apple_pay: 'Apple Pay',
    stc_pay: 'STC Pay',
    mobile_payment: 'Mobile payment',
  },
  ar: {
    cash: 'نقدًا',
    bank_transfer: 'تحويل بنكي',
    credit_card: 'بطاقة ائتمانية',
    mada: 'مدى',
    apple_pay: 'Apple Pay',
    stc_pay: 'STC Pay',
    mobile_payment: 'دفع عبر الجوال',
  },
} as const satisfies Record<Language, Record<string, string>>;
type SeedMethod = keyof (typeof METHODS)['en'];

const TEXT = {
  en: {
    title: 'Payments & invoices',
    tabs: {
      invoices: 'Invoices',
      payments: 'Payments',
      reports: 'Financial reports',
      vat: 'VAT report',
      compliance: 'Tax compliance',
    },
    export: 'Export',
    excel: 'Excel workbook (.xlsx)',
    sheetName: 'Payments',
    header: 'Paid on,Invoice,Guest,Method,Type,Amount,Currency,Amount (SAR),Reference,Received by,Notes',
    paymentKind: 'Payment',
    refundKind: 'Refund',
    exported: (count: number) => `Exported ${count} row${count === 1 ? '' : 's'}.`,
    agingHeading: 'Receivables aging',
    buckets: { current: 'Not due yet', '1_30': '1–30 days', '31_60': '31–60 days', '60_plus': 'Over 60 days' },
    viewInvoices: (bucket: string) => `View invoices: ${bucket}`,
    vatTitle: 'VAT report',
    vatSheetName: (from: string, to: string) => `VAT ${from} ${to}`,
    netVatDue: 'Net VAT due',
    // The dashboard's section guard (SPEC §8) answers a role without invoices or payments access.
    noAccessTitle: 'Permission denied. Contact administrator.',
    noAccessPage: 'Your role does not include this section. An administrator can give you access under Access.',
    fields: {
      legalNameAr: 'Legal name in Arabic',
      vatNumber: 'VAT number',
      cr: 'Commercial registration (CR) number',
      street: 'Street',
      building: 'Building number',
      district: 'District',
      city: 'City',
      postalCode: 'Postal code',
    },
    save: 'Save tax details',
    saved: 'Tax details saved.',
    vatInvalid: 'The VAT number has 15 digits and starts and ends with 3',
    profileFirst: 'Complete the tax details first:',
    states: { not_started: 'Not connected', failed: 'Connection failed', production_csid: 'Connected' },
    otp: 'One-time password (OTP)',
    connect: 'Connect to ZATCA',
    otpRefused:
      'ZATCA did not accept the one-time password (OTP). Get a new one from the FATOORA portal and try again.',
    connected: 'Connected to ZATCA.',
    failedTitle: 'Documents not accepted by ZATCA',
  },
  ar: {
    title: 'المدفوعات والفواتير',
    tabs: {
      invoices: 'الفواتير',
      payments: 'المدفوعات',
      reports: 'التقارير المالية',
      vat: 'تقرير الضريبة',
      compliance: 'الامتثال الضريبي',
    },
    export: 'تصدير',
    excel: 'ملف Excel (xlsx)',
    sheetName: 'المدفوعات',
    header: 'تاريخ الدفع,الفاتورة,الضيف,طريقة الدفع,النوع,المبلغ,العملة,المبلغ (ر.س),المرجع,استلمها,ملاحظات',
    paymentKind: 'دفعة',
    refundKind: 'استرداد',
    // Arabic plurals (i18next picks the form with Intl.PluralRules('ar')).
    exported: (count: number) =>
      ({
        zero: 'لم يُصدَّر أي صف.',
        one: 'صُدِّر صف واحد.',
        two: 'صُدِّر صفّان.',
        few: `صُدِّرت ${count} صفوف.`,
        many: `صُدِّر ${count} صفًا.`,
        other: `صُدِّر ${count} صف.`,
      })[new Intl.PluralRules('ar').select(count)],
    agingHeading: 'أعمار الذمم المدينة',
    buckets: {
      current: 'لم يحن استحقاقها',
      '1_30': 'من 1 إلى 30 يومًا',
      '31_60': 'من 31 إلى 60 يومًا',
      '60_plus': 'أكثر من 60 يومًا',
    },
    viewInvoices: (bucket: string) => `عرض الفواتير: ${bucket}`,
    vatTitle: 'تقرير ضريبة القيمة المضافة',
    vatSheetName: (from: string, to: string) => `الضريبة ${from} ${to}`,
    netVatDue: 'صافي الضريبة المستحقة',
    noAccessTitle: 'ليست لديك صلاحية. تواصل مع مسؤول النظام.',
    noAccessPage: 'دورك لا يشمل هذا القسم. يمكن لمسؤول النظام منحك الوصول من صفحة الصلاحيات.',
    fields: {
      legalNameAr: 'الاسم النظامي بالعربية',
      vatNumber: 'الرقم الضريبي',
      cr: 'رقم السجل التجاري',
      street: 'الشارع',
      building: 'رقم المبنى',
      district: 'الحي',
      city: 'المدينة',
      postalCode: 'الرمز البريدي',
    },
    save: 'حفظ البيانات الضريبية',
    saved: 'حُفظت البيانات الضريبية.',
    vatInvalid: 'الرقم الضريبي مكوّن من 15 رقمًا ويبدأ بالرقم 3 وينتهي به',
    profileFirst: 'أكمل البيانات الضريبية أولًا:',
    states: { not_started: 'غير مرتبط', failed: 'تعذّر الربط', production_csid: 'مرتبط' },
    otp: 'رمز التحقق (OTP)',
    connect: 'الربط مع منصة فاتورة',
    otpRefused:
      'لم تقبل هيئة الزكاة والضريبة والجمارك رمز التحقق (OTP). احصل على رمز جديد من بوابة فاتورة وحاول مرة أخرى.',
    connected: 'تم الربط مع منصة فاتورة.',
    failedTitle: 'مستندات لم تقبلها الهيئة',
  },
} as const;

const PAGE = '/dashboard/payments';

async function expectLanguage(page: Page, language: Language): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[language].title);
}

/** The amount in one table cell. */
async function amountIn(cell: Locator): Promise<number> {
  return amountOf(await cell.innerText());
}

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test.describe(`payments page (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await preferLanguage(page, language);
    });

    test(`payments history: method and dates filter the rows, survive a reload, export as .xlsx and CSV (${language})`, async ({
      signedInPage: page,
      ownerSession,
    }) => {
      test.setTimeout(90_000);
      // The last 45 days up to yesterday: seeded stays paid at check-in, nothing written today.
      const from = dayFromToday(-45);
      const to = dayFromToday(-1);
      const all = await paymentsBetween(ownerSession.access_token, from, to);
      // The method most used in those days, so the filter has rows to keep and rows to drop.
      const tally = new Map<string, number>();
      for (const row of all) tally.set(row.method, (tally.get(row.method) ?? 0) + 1);
      const method = [...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] as SeedMethod | undefined;
      if (!method || !(method in METHODS.en)) throw new Error(`no seeded payments between ${from} and ${to}`);
      const expected = all.filter((row) => row.method === method);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);
      const label = METHODS[language][method];

      await page.goto(PAGE);
      await expectLanguage(page, language);
      await page.getByRole('tab', { name: text.tabs.payments }).click();
      await expect(page).toHaveURL(/[?&]section=payments(&|$)/);
      await expect(page.getByRole('tab', { name: text.tabs.payments })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('payment-row').first()).toBeVisible();

      await page.getByTestId('payments-method-filter').selectOption(method);
      await page.getByTestId('payments-from').fill(from);
      await page.getByTestId('payments-to').fill(to);

      const checkList = async () => {
        const url = new URL(page.url());
        expect(url.searchParams.get('section')).toBe('payments');
        expect(url.searchParams.get('method')).toBe(method);
        expect(url.searchParams.get('from')).toBe(from);
        expect(url.searchParams.get('to')).toBe(to);
        await expect(page.getByTestId('payments-method-filter')).toHaveValue(method);
        await expect(page.getByTestId('payments-from')).toHaveValue(from);
        await expect(page.getByTestId('payments-to')).toHaveValue(to);
        const rows = page.getByTestId('payment-row');
        // The first page (25), newest first, exactly the payments of that method in those days.
        const shown = expected.slice(0, 25);
        await expect(rows).toHaveCount(shown.length);
        await expect(rows.locator('td:nth-child(4)')).toHaveText(shown.map(() => label));
        await expect(rows.locator('td:nth-child(5)')).toHaveText(shown.map((row) => row.reference_number ?? '—'));
        const totals = page.getByTestId('payments-totals');
        await expect(totals.locator('dd').first()).toHaveText(String(expected.length));
        const net = round2(expected.reduce((sum, row) => sum + (row.is_refund ? -1 : 1) * row.amount_sar, 0));
        expect(await amountIn(page.getByTestId('payments-total-net'))).toBe(net);
      };
      await checkList();
      await page.reload();
      await checkList();

      // Excel: every matching row (not only this page), typed cells, right to left in Arabic.
      await page.getByRole('button', { name: text.export, exact: true }).click();
      const excelDownload = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: text.excel }).click();
      const excelFile = await excelDownload;
      expect(excelFile.suggestedFilename()).toBe(`payments-${from}_${to}.xlsx`);
      await expect(page.getByText(text.exported(expected.length))).toBeVisible();
      const sheet = readXlsx(await readFile(await excelFile.path()));
      expect(sheet.rightToLeft).toBe(language === 'ar');
      expect(sheet.name).toBe(text.sheetName);
      expect(sheet.frozenRows).toBe(1);
      expect(sheet.rows[0]?.join(',')).toBe(text.header);
      expect(sheet.rows).toHaveLength(expected.length + 1);
      expected.forEach((payment, index) => {
        const row = index + 2;
        const paidAt = sheet.cells.get(`A${row}`);
        expect(paidAt?.type, `A${row} is a date`).toBe('n');
        expect(paidAt?.format).toBe('yyyy-mm-dd hh:mm');
        expect(fromExcelSerial(paidAt?.value as number)).toBe(wallClock(payment.paid_at));
        expect(sheet.cells.get(`D${row}`)?.value).toBe(label);
        expect(sheet.cells.get(`E${row}`)?.value).toBe(payment.is_refund ? text.refundKind : text.paymentKind);
        const amount = sheet.cells.get(`F${row}`);
        expect(amount?.type, `F${row} is a number`).toBe('n');
        expect(amount?.format).toBe('#,##0.00');
        expect(amount?.value).toBe((payment.is_refund ? -1 : 1) * payment.amount);
        const sar = sheet.cells.get(`H${row}`);
        expect(sar?.type).toBe('n');
        expect(sar?.value).toBe((payment.is_refund ? -1 : 1) * payment.amount_sar);
        expect(sheet.cells.get(`I${row}`)?.value).toBe(payment.reference_number ?? undefined);
      });

      // CSV: the same rows with the byte-order mark, dates as the organisation's wall clock.
      await page.getByRole('button', { name: text.export, exact: true }).click();
      const csvDownload = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
      const csvFile = await csvDownload;
      expect(csvFile.suggestedFilename()).toBe(`payments-${from}_${to}.csv`);
      const bytes = await readFile(await csvFile.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = parseCsv(bytes.subarray(3).toString('utf8').trimEnd());
      expect(csv[0]?.join(',')).toBe(text.header);
      expect(csv).toHaveLength(expected.length + 1);
      expect(csv.slice(1).map((row) => row[0])).toEqual(expected.map((row) => wallClock(row.paid_at)));
      expect(csv.slice(1).map((row) => row[3])).toEqual(expected.map(() => label));
      expect(csv.slice(1).map((row) => row[5])).toEqual(
        expected.map((row) => ((row.is_refund ? -1 : 1) * row.amount).toFixed(2)),
      );
    });

    test(`financial reports: last month's invoiced and collected, aging buckets and the drill-down into invoices (${language})`, async ({
      signedInPage: page,
      ownerSession,
    }) => {
      test.setTimeout(90_000);
      const period = lastMonth();
      const documents = await documentsIssuedBetween(ownerSession.access_token, period.from, period.to);
      const invoiced = round2(
        documents.reduce(
          (sum, doc) => sum + (doc.invoice_type_code === '381' ? -1 : 1) * Number(doc.total_amount_sar),
          0,
        ),
      );
      const payments = await paymentsBetween(ownerSession.access_token, period.from, period.to);
      const collected = round2(payments.filter((row) => !row.is_refund).reduce((sum, row) => sum + row.amount_sar, 0));
      expect(invoiced).toBeGreaterThan(0);
      expect(collected).toBeGreaterThan(0);

      await page.goto(`${PAGE}?section=reports`);
      await expectLanguage(page, language);
      await expect(page.getByRole('tab', { name: text.tabs.reports })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('finance-cards')).toBeVisible();
      await page.getByTestId('reports-period-preset').selectOption('last_month');
      await expect(page).toHaveURL(/[?&]period=last_month(&|$)/);

      await expect.poll(() => amountIn(page.getByTestId('card-invoiced').locator('dd').first())).toBe(invoiced);
      await expect.poll(() => amountIn(page.getByTestId('card-collected').locator('dd').first())).toBe(collected);
      await expect(page.getByTestId('finance-cards').locator('xpath=..')).toHaveAttribute('aria-busy', 'false');
      // Collections by method add up to what was collected.
      const methodAmounts = await page.getByTestId('methods-table').locator('tbody td:nth-child(3)').allInnerTexts();
      expect(round2(methodAmounts.map(amountOf).reduce((sum, value) => sum + value, 0))).toBe(collected);

      // A reload keeps the period.
      await page.reload();
      await expect(page.getByTestId('reports-period-preset')).toHaveValue('last_month');
      await expect.poll(() => amountIn(page.getByTestId('card-invoiced').locator('dd').first())).toBe(invoiced);

      // Aging as of today, bucket by bucket, against the open receivables.
      const aging = await agingBuckets(ownerSession.access_token);
      await expect(page.getByRole('heading', { name: text.agingHeading })).toBeVisible();
      for (const bucket of AGING_BUCKETS) {
        const row = page.getByTestId(`aging-${bucket}`);
        await expect(row.getByRole('rowheader')).toHaveText(text.buckets[bucket]);
        await expect(row.locator('td').nth(0)).toHaveText(String(aging[bucket].count));
        expect(await amountIn(row.locator('td').nth(1)), `aging ${bucket}`).toBe(aging[bucket].amount);
      }

      // Drill down from the fullest overdue bucket into the invoices list filtered by it.
      const bucket = (['1_30', '31_60', '60_plus'] as const).reduce((best, item) =>
        aging[item].count > aging[best].count ? item : best,
      );
      expect(aging[bucket].count).toBeGreaterThan(0);
      await page.getByRole('link', { name: text.viewInvoices(text.buckets[bucket]), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/payments\\?aging=${bucket}$`));
      await expect(page.getByRole('tab', { name: text.tabs.invoices })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('invoices-aging-filter')).toHaveValue(bucket);
      await expect(page.getByTestId('invoices-total-count')).toHaveText(String(aging[bucket].count));
      expect(await amountIn(page.getByTestId('invoices-total-balance'))).toBe(aging[bucket].amount);
      const numbers = await page.getByTestId('invoice-row').locator('td:first-child a').allInnerTexts();
      expect(numbers.length).toBe(Math.min(25, aging[bucket].count));
      expect(aging[bucket].numbers).toEqual(expect.arrayContaining(numbers.map((number) => number.trim())));
    });

    test(`VAT report for custom dates: output VAT by document type, consistent with the documents (${language})`, async ({
      signedInPage: page,
      ownerSession,
    }) => {
      const from = dayFromToday(-75);
      const to = dayFromToday(-1);
      const documents = await documentsIssuedBetween(ownerSession.access_token, from, to);
      const of = (type: string) => documents.filter((doc) => doc.document_type === type);
      const sum = (rows: typeof documents, pick: (doc: (typeof documents)[number]) => number) =>
        round2(rows.reduce((total, doc) => total + Number(pick(doc)), 0));
      const expected = {
        invoices: {
          count: of('invoice').length,
          taxable: sum(of('invoice'), (d) => d.subtotal_sar),
          vat: sum(of('invoice'), (d) => d.vat_amount_sar),
        },
        debit: {
          count: of('debit_note').length,
          taxable: sum(of('debit_note'), (d) => d.subtotal_sar),
          vat: sum(of('debit_note'), (d) => d.vat_amount_sar),
        },
        credit: {
          count: of('credit_note').length,
          taxable: sum(of('credit_note'), (d) => d.subtotal_sar),
          vat: sum(of('credit_note'), (d) => d.vat_amount_sar),
        },
      };
      expect(expected.invoices.count).toBeGreaterThan(0);
      const netVat = round2(expected.invoices.vat + expected.debit.vat - expected.credit.vat);
      const standardTaxable = round2(
        documents.reduce(
          (total, doc) =>
            total +
            (doc.document_type === 'credit_note' ? -1 : 1) *
              round2(Number(doc.standard_rated_amount) * Number(doc.exchange_rate ?? 1)),
          0,
        ),
      );

      await page.goto(PAGE);
      await expectLanguage(page, language);
      await page.getByRole('tab', { name: text.tabs.vat }).click();
      await expect(page.getByRole('heading', { name: text.vatTitle })).toBeVisible();
      await page.getByTestId('vat-period-preset').selectOption('custom');
      await page.getByTestId('vat-period-from').fill(from);
      await page.getByTestId('vat-period-to').fill(to);
      await expect(page).toHaveURL(new RegExp(`[?&]period=custom&from=${from}&to=${to}$`));

      // The whole table at once: a report of the days picked a moment ago may still be on screen.
      const shown = async () => {
        const cell = (line: string, column: 'taxable' | 'vat') => amountIn(page.getByTestId(`vat-${line}-${column}`));
        const count = async (line: string) =>
          countOf(await page.getByTestId(`vat-${line}`).locator('td').first().innerText());
        return {
          invoices: {
            count: await count('invoices'),
            taxable: await cell('invoices', 'taxable'),
            vat: await cell('invoices', 'vat'),
          },
          debit: {
            count: await count('debit_notes'),
            taxable: await cell('debit_notes', 'taxable'),
            vat: await cell('debit_notes', 'vat'),
          },
          // Credit notes are subtracted: shown negative.
          credit: {
            count: await count('credit_notes'),
            taxable: -(await cell('credit_notes', 'taxable')),
            vat: -(await cell('credit_notes', 'vat')),
          },
          netDocuments: await cell('net_documents', 'vat'),
          standard: { taxable: await cell('standard_rated', 'taxable'), vat: await cell('standard_rated', 'vat') },
          netVatDue: await cell('net_vat_due', 'vat'),
        };
      };
      const table = {
        ...expected,
        netDocuments: netVat,
        standard: { taxable: standardTaxable, vat: netVat },
        netVatDue: netVat,
      };
      await expect.poll(shown).toEqual(table);
      // 15% of the standard-rated supplies, give or take a halala per document (VAT is rounded per document).
      expect(Math.abs(netVat - 0.15 * standardTaxable)).toBeLessThanOrEqual(0.01 * documents.length);

      // Exported as a workbook: the same figures as numbers, the sheet right to left in Arabic.
      await page.getByTestId('vat-export').click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: text.excel }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`vat-report-${from}_${to}.xlsx`);
      const sheet = readXlsx(await readFile(await file.path()));
      expect(sheet.rightToLeft).toBe(language === 'ar');
      expect(sheet.name).toBe(text.vatSheetName(from, to));
      const last = sheet.rows.length;
      expect(sheet.cells.get(`A${last}`)?.value).toBe(text.netVatDue);
      expect(sheet.cells.get(`D${last}`)).toMatchObject({ type: 'n', value: netVat, format: '#,##0.00' });
      expect(sheet.cells.get('B2')).toMatchObject({ type: 'n', value: expected.invoices.count });
      expect(sheet.cells.get('C2')).toMatchObject({ type: 'n', value: expected.invoices.taxable });

      await page.reload();
      await expect(page.getByTestId('vat-period-preset')).toHaveValue('custom');
      await expect(page.getByTestId('vat-period-from')).toHaveValue(from);
      await expect.poll(async () => (await shown()).netVatDue).toBe(netVat);
    });

    test(`tax compliance: a wrong VAT number is refused and loses nothing, a valid profile saves, the sandbox OTP connects (${language})`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const { session } = await createOrganizationWithOwner(language);
      await signedIn(page, session);
      const vatNumber = freshVatNumber();
      const profile = {
        legalNameAr: 'شركة الاختبار للإقامات',
        cr: '1010' + String(Math.floor(Math.random() * 1e6)).padStart(6, '0'),
        street: language === 'ar' ? 'طريق الملك فهد' : 'King Fahd Road',
        building: '7235',
        district: language === 'ar' ? 'العليا' : 'Al Olaya',
        city: language === 'ar' ? 'الرياض' : 'Riyadh',
        postalCode: '12214',
      };

      await page.goto(`${PAGE}?section=compliance`);
      await expectLanguage(page, language);
      await expect(page.getByRole('tab', { name: text.tabs.compliance })).toHaveAttribute('aria-selected', 'true');
      const form = page.getByTestId('tax-profile-form');
      const field = (name: keyof typeof text.fields) => form.getByLabel(text.fields[name], { exact: true });
      await expect(field('vatNumber')).toHaveValue('');
      await expect(page.getByTestId('onboarding-state')).toHaveText(text.states.not_started);
      await expect(page.getByTestId('onboarding-profile-missing')).toContainText(text.profileFirst);
      await expect(page.getByTestId('onboarding-form')).toHaveCount(0);

      await field('legalNameAr').fill(profile.legalNameAr);
      await field('cr').fill(profile.cr);
      await field('street').fill(profile.street);
      await field('building').fill(profile.building);
      await field('district').fill(profile.district);
      await field('city').fill(profile.city);
      await field('postalCode').fill(profile.postalCode);
      // 15 digits but ending in 4: refused, with the rule in the reader's language, nothing typed lost.
      await field('vatNumber').fill('310123456700004');
      await form.getByRole('button', { name: text.save }).click();
      await expect(form.getByRole('alert').filter({ hasText: text.vatInvalid })).toBeVisible();
      await expect(field('vatNumber')).toHaveAttribute('aria-invalid', 'true');
      await expect(field('vatNumber')).toBeFocused();
      await expect(field('vatNumber')).toHaveValue('310123456700004');
      await expect(field('street')).toHaveValue(profile.street);
      await expect(field('legalNameAr')).toHaveValue(profile.legalNameAr);

      await field('vatNumber').fill(vatNumber);
      await form.getByRole('button', { name: text.save }).click();
      await expect(page.getByText(text.saved)).toBeVisible();
      await expect(field('vatNumber')).not.toHaveAttribute('aria-invalid', 'true');
      // A complete profile opens the way to ZATCA.
      await expect(page.getByTestId('onboarding-form')).toBeVisible();

      await page.reload();
      await expect(field('vatNumber')).toHaveValue(vatNumber);
      await expect(field('cr')).toHaveValue(profile.cr);
      await expect(field('street')).toHaveValue(profile.street);
      await expect(field('city')).toHaveValue(profile.city);
      await expect(field('postalCode')).toHaveValue(profile.postalCode);

      // Refused again later: the saved number stays saved.
      await field('vatNumber').fill('12345');
      await form.getByRole('button', { name: text.save }).click();
      await expect(form.getByRole('alert').filter({ hasText: text.vatInvalid })).toBeVisible();
      await page.reload();
      await expect(field('vatNumber')).toHaveValue(vatNumber);

      // ZATCA onboarding against the stack's sandbox (docs/zatca.md: it accepts 123456).
      const otp = page.getByLabel(text.otp);
      await otp.fill('654321');
      await page.getByRole('button', { name: text.connect }).click();
      await expect(page.getByTestId('onboarding-error')).toHaveText(text.otpRefused, { timeout: 60_000 });
      await expect(page.getByTestId('onboarding-state')).toHaveText(text.states.failed);

      await otp.fill('123456');
      await page.getByRole('button', { name: text.connect }).click();
      await expect(page.getByTestId('onboarding-state')).toHaveText(text.states.production_csid, { timeout: 120_000 });
      await expect(page.getByText(text.connected)).toBeVisible();
      await expect(page.getByTestId('onboarding-error')).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('onboarding-state')).toHaveText(text.states.production_csid);
      // A new organisation: nothing signed yet, nothing waiting, nothing failed.
      await expect(page.getByTestId('chain-counter')).toHaveText('0');
      for (const state of ['queued', 'reported', 'cleared', 'failed'] as const) {
        await expect(page.getByTestId(`count-${state}`).locator('span').last()).toHaveText('0');
      }
    });

    test(`tax compliance of the demo organisation: its profile, counter and the failed submission waiting for retry (${language})`, async ({
      signedInPage: page,
      ownerSession,
    }) => {
      const query = new URLSearchParams({ select: 'invoice_number', zatca_status: 'eq.failed' });
      const failed = await api<{ invoice_number: string }[]>(
        ownerSession.access_token,
        'GET',
        `invoices?${query.toString()}`,
      );
      expect(failed.length).toBeGreaterThan(0);
      await page.goto(`${PAGE}?section=compliance`);
      await expectLanguage(page, language);
      await expect(page.getByTestId('tax-profile-form').getByLabel(text.fields.vatNumber, { exact: true })).toHaveValue(
        '310123456700003',
      );
      await expect(page.getByTestId('onboarding-state')).toHaveText(text.states.not_started);
      await expect(page.getByTestId('count-failed').locator('span').last()).toHaveText(String(failed.length));
      const list = page.getByTestId('failed-submissions');
      await expect(list.getByRole('heading', { name: text.failedTitle })).toBeVisible();
      await expect(list.getByTestId('failed-submission')).toHaveCount(failed.length);
      for (const { invoice_number: number } of failed) {
        await expect(list.getByTestId('failed-submission').filter({ hasText: number })).toBeVisible();
      }
      await expect(list).toContainText('503 Service Unavailable');
    });
  });
}

test.describe('a member without invoice or payment permissions', () => {
  let memberSession: Session;
  test.beforeAll(async () => {
    memberSession = await signInWithPhone(MEMBER_PHONE);
  });

  for (const language of ['en', 'ar'] as const) {
    test(`sees that the role has no access, never figures (${language})`, async ({ page }) => {
      const text = TEXT[language];
      // The database agrees: no report, no payments list for this role.
      expect(await rpcStatus(memberSession.access_token, 'finance_summary')).toBe(403);
      expect(await rpcStatus(memberSession.access_token, 'list_payments')).toBe(403);

      await preferLanguage(page, language);
      await signedIn(page, memberSession);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      for (const section of ['', '?section=reports', '?section=payments', '?section=vat', '?section=compliance']) {
        await page.goto(`${PAGE}${section}`);
        // The page's heading is the refusal's: the section guard replaces the whole screen.
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.noAccessTitle);
        const noAccess = page.getByTestId('permission-denied');
        await expect(noAccess).toBeVisible();
        await expect(noAccess).toContainText(text.noAccessTitle);
        await expect(noAccess).toContainText(text.noAccessPage);
        await expect(page.getByRole('tab')).toHaveCount(0);
        await expect(page.getByTestId('finance-cards')).toHaveCount(0);
        await expect(page.getByTestId('payment-row')).toHaveCount(0);
        await expect(page.getByTestId('vat-table')).toHaveCount(0);
        await expect(page.getByTestId('tax-profile-form')).toHaveCount(0);
      }
      // The screen did not even ask for them.
      expect(
        requested.filter((path) => /rpc\/(finance_summary|list_payments|vat_report|list_invoices)/.test(path)),
      ).toEqual([]);
    });
  }
});

test.describe('on a phone in Arabic', () => {
  // Pixel 7 (412 × 915, touch) inside the desktop project; the browser type is the project's.
  const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
  test.use(pixel7);

  test('every section is reachable from the tabs and the page never scrolls sideways (ar)', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(90_000);
    await preferLanguage(page, 'ar');
    await page.goto(PAGE);
    await expectLanguage(page, 'ar');
    const text = TEXT.ar;
    const overflow = () =>
      page.evaluate(() => ({
        document: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        body: document.body.scrollWidth - document.body.clientWidth,
      }));
    const viewport = page.viewportSize();
    expect(viewport?.width).toBe(412);
    const expectOnScreen = async (locator: Locator, what: string) => {
      const box = await locator.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 412 + 1, `${what} within the screen`).toBe(true);
    };

    const sections = [
      ['invoices', 'invoices-section'],
      ['payments', 'payments-section'],
      ['reports', 'reports-section'],
      ['vat', 'vat-section'],
      ['compliance', 'compliance-section'],
    ] as const;
    for (const [section, content] of sections) {
      const tab = page.getByRole('tab', { name: text.tabs[section] });
      await tab.scrollIntoViewIfNeeded();
      // On screen once scrolled to: inside the 412 px of the viewport.
      await expectOnScreen(tab, `tab ${section}`);
      await tab.tap();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId(content)).toBeVisible();
      if (section === 'payments') await expect(page.getByTestId('payment-card').first()).toBeVisible();
      if (section === 'reports') {
        await expect(page.getByTestId('aging-table')).toBeVisible();
        await expectOnScreen(page.getByTestId('aging-open-60_plus'), 'the last aging link');
      }
      if (section === 'vat') {
        await expect(page.getByTestId('vat-table')).toBeVisible();
        // The figure a return needs, not cut off at the table's far (left) edge.
        await expectOnScreen(page.getByTestId('vat-net_vat_due-vat'), 'the net VAT due');
      }
      if (section === 'compliance') await expect(page.getByTestId('submissions-card')).toBeVisible();
      if (section === 'invoices') await expect(page.getByTestId('invoice-card').first()).toBeVisible();
      expect(await overflow(), `no sideways scroll on ${section}`).toEqual({ document: 0, body: 0 });
    }

    // The keyboard too: in Arabic the next tab is to the left, Enter opens it.
    await page.getByRole('tab', { name: text.tabs.vat }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: text.tabs.compliance })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: text.tabs.vat })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: text.tabs.reports })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]section=reports(&|$)/);
    await expect(page.getByTestId('reports-section')).toBeVisible();
  });
});
