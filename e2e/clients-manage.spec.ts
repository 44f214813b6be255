import { readFile } from 'node:fs/promises';
import { api, createGuest, randomPhone, unique } from './bookings-helpers';
import { readXlsx } from '../src/test/read-xlsx';
import { expect, preferLanguage, test } from './support/fixtures';

const TEXT = {
  en: {
    newClient: 'New client',
    submit: 'Add client',
    identity: 'Either National ID or Passport is required',
    name: 'Name',
    phone: 'Phone',
    nationalId: 'National ID',
    search: 'Search clients',
    delete: (name: string) => `Delete ${name}`,
    confirmDelete: 'Delete client',
    export: 'Export',
    header: 'Name,Phone,Email,Nationality,National ID,Passport number,Preferred language,VIP,Member since,Bookings',
  },
  ar: {
    newClient: 'عميل جديد',
    submit: 'إضافة العميل',
    identity: 'يلزم إدخال رقم الهوية الوطنية أو رقم الجواز',
    name: 'الاسم',
    phone: 'رقم الجوال',
    nationalId: 'رقم الهوية الوطنية',
    search: 'البحث في العملاء',
    delete: (name: string) => `حذف ${name}`,
    confirmDelete: 'حذف العميل',
    export: 'تصدير',
    header:
      'الاسم,رقم الجوال,البريد الإلكتروني,الجنسية,رقم الهوية الوطنية,رقم الجواز,اللغة المفضلة,عميل مميز,عميل منذ,الحجوزات',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test(`create a client: the ID-or-passport rule first, then saved, found and deleted (${language})`, async ({
    signedInPage: page,
  }) => {
    const name = unique(language === 'ar' ? 'عميل اختبار' : 'E2E Client');
    await preferLanguage(page, language);
    await page.goto('/dashboard/clients');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: text.newClient }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text.name, { exact: true }).fill(name);
    await dialog.getByLabel(text.phone).fill(`0${randomPhone().slice(4)}`);
    await dialog.getByRole('button', { name: text.submit }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: text.identity })).toBeVisible();
    await expect(dialog.getByLabel(text.nationalId)).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel(text.nationalId).fill('1023456789');
    await dialog.getByRole('button', { name: text.submit }).click();
    await expect(dialog).toBeHidden();

    await page.getByLabel(text.search).fill(name);
    const row = page.getByTestId('client-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('client-row')).toHaveCount(1);

    await row.getByRole('button', { name: text.delete(name) }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: text.confirmDelete }).click();
    await expect(page.getByTestId('client-row')).toHaveCount(0);
  });

  test(`export the filtered list as CSV and as an Excel workbook, Arabic intact (${language})`, async ({
    signedInPage: page,
    ownerSession,
  }) => {
    const prefix = unique('تصدير Export');
    const first = await createGuest(ownerSession.access_token, `${prefix} سارة "الشهري"`);
    const second = await createGuest(ownerSession.access_token, `${prefix} Omar, Jr`);
    try {
      await preferLanguage(page, language);
      await page.goto(`/dashboard/clients?q=${encodeURIComponent(prefix)}`);
      await expect(page.getByTestId('client-row')).toHaveCount(2);

      await page.getByRole('button', { name: text.export, exact: true }).click();
      const csvDownload = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
      const csvFile = await csvDownload;
      expect(csvFile.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
      const csvBytes = await readFile(await csvFile.path());
      // The byte-order mark: Excel opens the CSV's Arabic intact.
      expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = csvBytes.subarray(3).toString('utf8');
      const lines = csv.trimEnd().split('\r\n');
      expect(lines[0]).toBe(text.header);
      expect(lines).toHaveLength(3);
      expect(csv).toContain(`"${prefix} سارة ""الشهري"""`);
      expect(csv).toContain(`"${prefix} Omar, Jr"`);
      expect(csv).toContain(first.phone);
      expect(csv).toContain(second.phone);

      await page.getByRole('button', { name: text.export, exact: true }).click();
      const excelDownload = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: /Excel/ }).click();
      const excelFile = await excelDownload;
      expect(excelFile.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const sheet = readXlsx(await readFile(await excelFile.path()));
      expect(sheet.rightToLeft).toBe(language === 'ar');
      expect(sheet.rows[0]?.join(',')).toBe(text.header);
      expect(sheet.rows.slice(1).map((row) => row[0])).toEqual(
        expect.arrayContaining([`${prefix} سارة "الشهري"`, `${prefix} Omar, Jr`]),
      );
    } finally {
      await api(ownerSession.access_token, 'DELETE', `clients?id=in.(${first.id},${second.id})`);
    }
  });
}

test('search clients in Arabic: letter variants and taa marbuta fold (ar)', async ({ signedInPage: page }) => {
  await preferLanguage(page, 'ar');
  await page.goto('/dashboard/clients');
  await page.getByLabel('البحث في العملاء').fill('احمد');
  const rows = page.getByTestId('client-row');
  const names = () => rows.locator('td:first-child').allTextContents();
  // Seed clients named أحمد (with hamza) are found by احمد (without), and nobody else.
  await expect
    .poll(async () => (await names()).length > 0 && (await names()).every((name) => /أحمد|احمد/.test(name)))
    .toBe(true);
  expect(await names()).toEqual(expect.arrayContaining([expect.stringContaining('أحمد')]));

  await page.getByLabel('البحث في العملاء').fill('نوره');
  await expect
    .poll(async () => (await names()).length > 0 && (await names()).every((name) => name.includes('نورة')))
    .toBe(true);
  expect(page.url()).toContain(`q=${encodeURIComponent('نوره')}`);

  // Nationality by its Arabic name.
  await page.getByLabel('البحث في العملاء').fill('مصري');
  const nationalities = () => rows.locator('td:nth-child(4)').allTextContents();
  await expect
    .poll(async () => (await nationalities()).length > 0 && (await nationalities()).every((name) => name === 'مصر'))
    .toBe(true);
});
