/**
 * The unit's Lock tab against the local stack's TTLock sandbox (issue 15), in English and Arabic:
 * configure a lock (identifiers and the write-only TTLock account), test the connection, create
 * a passcode and see it listed, delete it, and see the last 7 days of lock records with paging.
 */
import type { Page } from '@playwright/test';
import { expect, preferLanguage, test } from './support/fixtures';
import { createUnit, deleteUnitsNamed, uniqueName } from './units-helpers';

const BASE_UNIT = {
  type: 'apartment',
  price_per_night: 520,
  max_guests: 3,
  bedrooms: 1,
  bathrooms: 1,
  address_city: 'Riyadh',
  amenities: ['wifi'],
  latitude: 24.7136,
  longitude: 46.6753,
};

/** A code and a start hour no other run of these tests uses on the same sandbox lock. */
function uniqueCode(): { code: string; startHours: number } {
  const n = Date.now() + Math.floor(Math.random() * 1e6);
  return { code: String(100000 + (n % 899999)), startHours: 24 + (n % 5000) };
}

/** datetime-local value `hours` from now, on the hour. */
function localInput(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  d.setMinutes(0, 0, 0);
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00`;
}

interface Words {
  dialog: string;
  tab: string;
  notConfigured: string;
  lockId: string;
  mac: string;
  gateway: string;
  username: string;
  password: string;
  clientId: string;
  clientSecret: string;
  save: string;
  test: string;
  connected: RegExp;
  newPasscode: string;
  name: string;
  code: string;
  starts: string;
  ends: string;
  create: string;
  deleteNamed: (name: string) => string;
  confirmDelete: string;
  records: string;
  next: string;
  page: (n: number) => RegExp;
}

const EN: Words = {
  dialog: 'Edit',
  tab: 'Smart lock',
  notConfigured: 'No TTLock ID configured for this unit',
  lockId: 'Lock ID',
  mac: 'Lock MAC address',
  gateway: 'Gateway ID',
  username: 'TTLock account (username)',
  password: 'Account password',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  save: 'Save lock settings',
  test: 'Test connection',
  connected: /Connected to/,
  newPasscode: 'New passcode',
  name: 'Name',
  code: 'Code (6 digits)',
  starts: 'Starts',
  ends: 'Ends',
  create: 'Create passcode',
  deleteNamed: (name) => `Delete passcode ${name}`,
  confirmDelete: 'Delete',
  records: 'Lock activity (last 7 days)',
  next: 'Next page',
  page: (n) => new RegExp(`^Page ${n} of \\d+$`),
};

const AR: Words = {
  dialog: 'تعديل',
  tab: 'القفل الذكي',
  notConfigured: 'لم يُضبط معرّف TTLock لهذه الوحدة',
  lockId: 'معرّف القفل',
  mac: 'عنوان MAC للقفل',
  gateway: 'معرّف البوابة',
  username: 'حساب TTLock (اسم المستخدم)',
  password: 'كلمة مرور الحساب',
  clientId: 'معرّف العميل (Client ID)',
  clientSecret: 'الرمز السري للعميل',
  save: 'حفظ إعدادات القفل',
  test: 'اختبار الاتصال',
  connected: /تم الاتصال/,
  newPasscode: 'رمز دخول جديد',
  name: 'الاسم',
  code: 'الرمز (6 أرقام)',
  starts: 'يبدأ في',
  ends: 'ينتهي في',
  create: 'إنشاء الرمز',
  deleteNamed: (name) => `حذف رمز الدخول ${name}`,
  confirmDelete: 'حذف',
  records: 'نشاط القفل (آخر 7 أيام)',
  next: 'الصفحة التالية',
  page: (n) => new RegExp(`^الصفحة ${n} من \\d+$`),
};

async function configureAndUseLock(
  page: Page,
  unit: { id: string; name: string },
  words: Words,
  lock: { id: string; mac: string },
) {
  await page.goto(`/dashboard/units?unit=${unit.id}&tab=lock`);
  const dialog = page.getByRole('dialog', { name: `${words.dialog} ${unit.name}` });
  await expect(dialog.getByRole('tab', { name: words.tab })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByTestId('lock-not-configured')).toContainText(words.notConfigured);

  const form = dialog.getByTestId('lock-settings-form');
  await form.getByLabel(words.lockId).fill(lock.id);
  await form.getByLabel(words.mac).fill(lock.mac);
  await form.getByLabel(words.gateway).fill('GW-E2E');
  await form.getByLabel(words.username).fill('demo-ttlock');
  await form.getByLabel(words.password).fill('demo-lock-password');
  await form.getByLabel(words.clientId).fill('demo-ttlock-client');
  await form.getByLabel(words.clientSecret).fill('demo-ttlock-secret');
  await form.getByRole('button', { name: words.save }).click();
  await expect(dialog.getByTestId('lock-id')).toHaveText(lock.id);
  // Write-only: the password is never shown back.
  await expect(dialog.getByLabel(words.password)).toHaveValue('');

  await dialog.getByRole('button', { name: words.test }).click();
  await expect(dialog.getByTestId('lock-test-result')).toContainText(words.connected);

  const { code, startHours } = uniqueCode();
  const name = `E2E ${code}`;
  await dialog.getByRole('button', { name: words.newPasscode }).click();
  const create = page.getByTestId('lock-passcode-dialog');
  // The dialog focuses its first field once it has opened: type only then.
  await expect(create.getByLabel(words.name)).toBeFocused();
  await create.getByLabel(words.name).fill(name);
  await create.getByLabel(words.code).fill(code);
  await create.getByLabel(words.starts).fill(localInput(startHours));
  await create.getByLabel(words.ends).fill(localInput(startHours + 48));
  await expect(create.getByLabel(words.code)).toHaveValue(code);
  await create.getByRole('button', { name: words.create }).click();
  await expect(create).toBeHidden();
  const row = dialog.getByTestId('lock-passcodes').getByRole('row').filter({ hasText: code });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: words.deleteNamed(name) }).click();
  await page.getByTestId('confirm-action').click();
  await expect(dialog.getByTestId('lock-passcodes').getByText(code)).toHaveCount(0);

  await expect(dialog.getByRole('heading', { name: words.records })).toBeVisible();
  const records = dialog.getByTestId('lock-records');
  await expect(records.getByRole('row').nth(1)).toBeVisible();
  await expect(dialog.getByTestId('lock-records-page')).toHaveText(words.page(1));
  await dialog.getByRole('button', { name: words.next }).click();
  await expect(dialog.getByTestId('lock-records-page')).toHaveText(words.page(2));
}

test.describe('unit lock (en)', () => {
  const prefix = 'E2E Lock Flat';
  test.afterAll(async ({ ownerSession }) => deleteUnitsNamed(ownerSession.access_token, prefix));

  test('configure a lock, create and delete a passcode, see records', async ({ signedInPage: page, ownerSession }) => {
    const unit = await createUnit(ownerSession.access_token, { ...BASE_UNIT, name: uniqueName(prefix) });
    await preferLanguage(page, 'en');
    await configureAndUseLock(page, unit, EN, { id: 'TTL-100301', mac: 'a4:c1:38:2f:13:01' });
  });
});

test.describe('unit lock (ar)', () => {
  const prefix = 'E2E Lock AR Flat';
  test.afterAll(async ({ ownerSession }) => deleteUnitsNamed(ownerSession.access_token, prefix));

  test('القفل: الإعداد وإنشاء رمز وحذفه والسجلات', async ({ signedInPage: page, ownerSession }) => {
    const unit = await createUnit(ownerSession.access_token, { ...BASE_UNIT, name: uniqueName(prefix) });
    await preferLanguage(page, 'ar');
    await configureAndUseLock(page, unit, AR, { id: 'TTL-100209', mac: 'a4:c1:38:2f:10:09' });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
