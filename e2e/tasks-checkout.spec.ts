import type { Page } from '@playwright/test';
import { expect as baseExpect, preferLanguage, test } from './support/fixtures';

// These screens share two cores with the stack and other suites: allow for a slow machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Issue 7: checking a booking out creates its cleaning task. The stay is set up and checked
 * out through the Data API as the signed-in demo owner (the bookings screen is another
 * feature's); the browser then shows the task on the board and on the overview.
 */
interface Session {
  access_token: string;
}

function api() {
  const apiUrl = process.env.E2E_API_URL;
  const anonKey = process.env.E2E_ANON_KEY;
  if (!apiUrl || !anonKey) throw new Error('E2E_API_URL / E2E_ANON_KEY are set by e2e/global-setup.ts');
  return { apiUrl, anonKey };
}

async function rest<T>(session: Session, method: string, path: string, body?: unknown): Promise<T> {
  const { apiUrl, anonKey } = api();
  const response = await fetch(`${apiUrl}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: anonKey,
      authorization: `Bearer ${session.access_token}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

function riyadhDay(n: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** A fresh unit with a stay ending tomorrow and the next guest arriving tomorrow, checked out now. */
async function checkOutStay(session: Session, unitName: string, unitNameAr: string) {
  const [unit] = await rest<{ id: string }[]>(session, 'POST', 'units', {
    name: unitName,
    name_ar: unitNameAr,
    price_per_night: 700,
    address_city: 'Riyadh',
    address_street: 'Prince Turki St',
  });
  const [client] = await rest<{ id: string }[]>(session, 'GET', 'clients?select=id&limit=1');
  const [leaving] = await rest<{ id: string }[]>(session, 'POST', 'bookings', {
    unit_id: unit!.id,
    client_id: client!.id,
    check_in: riyadhDay(0),
    check_out: riyadhDay(1),
    booking_reference: 'generated',
  });
  await rest(session, 'POST', 'bookings', {
    unit_id: unit!.id,
    client_id: client!.id,
    check_in: riyadhDay(1),
    check_out: riyadhDay(3),
    booking_reference: 'generated',
  });
  await rest(session, 'PATCH', `bookings?id=eq.${leaving!.id}`, { status: 'checked_in' });
  await rest(session, 'PATCH', `bookings?id=eq.${leaving!.id}`, { status: 'checked_out' });
  return { unitId: unit!.id, bookingId: leaving!.id };
}

async function skipOnboarding(page: Page) {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'nuzl.onboarding',
      JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
    ),
  );
}

// The task's title and description are written by the database in both languages (session 2):
// an Arabic reader sees «تنظيف: <the unit's Arabic name>», never the English text.
const COPY = {
  en: {
    cleaning: 'Cleaning',
    medium: 'Medium',
    vendor: 'Sparkle Cleaning Co.',
    automatic: 'Created automatically when the booking was checked out.',
    details: (t: string) => `Details of ${t}`,
    title: (unit: { en: string; ar: string }) => `Cleaning: ${unit.en}`,
    description: 'Turnover cleaning after booking BK-',
    other: (unit: { en: string; ar: string }) => `تنظيف: ${unit.ar}`,
    edit: 'Edit',
    titleField: 'Title',
    priorityField: 'Priority',
    save: 'Save task',
    saved: 'Task saved',
  },
  ar: {
    cleaning: 'تنظيف',
    medium: 'متوسطة',
    vendor: 'شركة لمعان للتنظيف',
    automatic: 'أُنشئت تلقائيًا عند تسجيل مغادرة الحجز.',
    details: (t: string) => `تفاصيل ${t}`,
    title: (unit: { en: string; ar: string }) => `تنظيف: ${unit.ar}`,
    description: 'تنظيف بين الإقامات بعد الحجز BK-',
    other: (unit: { en: string; ar: string }) => `Cleaning: ${unit.en}`,
    edit: 'تعديل',
    titleField: 'العنوان',
    priorityField: 'الأولوية',
    save: 'حفظ المهمة',
    saved: 'تم حفظ المهمة',
  },
} as const;

test.describe.configure({ timeout: 90_000 });

for (const language of ['en', 'ar'] as const) {
  test(`checking a booking out creates its cleaning task (${language})`, async ({
    signedInPage: page,
    ownerSession,
  }) => {
    const c = COPY[language];
    const suffix = Date.now().toString(36);
    const unit = { en: `Checkout villa ${language} ${suffix}`, ar: `فيلا المغادرة ${language} ${suffix}` };
    const { unitId, bookingId } = await checkOutStay(ownerSession, unit.en, unit.ar);
    await preferLanguage(page, language);
    await skipOnboarding(page);

    // Filtered to the new unit: exactly one pending cleaning task, due before the next check-in.
    await page.goto(`/dashboard/tasks?unit=${unitId}`);
    const card = page.getByTestId('task-column-pending').getByTestId('task-card');
    await expect(card).toHaveCount(1);
    const title = c.title(unit);
    await expect(card).toContainText(title);
    await expect(card).not.toContainText(c.other(unit));
    await expect(card).toContainText(c.cleaning);
    await expect(card).toContainText(c.medium);
    await expect(card).toContainText(c.vendor);
    await card.getByRole('button', { name: c.details(title) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
    await expect(dialog).toContainText(c.description);
    await expect(page.getByTestId('task-timeline')).toContainText(c.automatic);

    // Editing it in the reader's language: the form shows the title as the board does; saving
    // another field keeps the generated title in both languages.
    await dialog.getByRole('button', { name: c.edit }).click();
    const form = page.getByRole('dialog');
    await expect(form.getByLabel(c.titleField, { exact: true })).toHaveValue(title);
    await form.getByLabel(c.priorityField, { exact: true }).selectOption('high');
    await form.getByRole('button', { name: c.save }).click();
    await expect(page.getByText(c.saved)).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('heading', { name: title })).toBeVisible();
    const [task] = await rest<{ id: string; title: string; title_ar: string | null; priority: string }[]>(
      ownerSession,
      'GET',
      `tasks?booking_id=eq.${bookingId}&select=id,title,title_ar,priority`,
    );
    expect(task).toMatchObject({ title: `Cleaning: ${unit.en}`, title_ar: `تنظيف: ${unit.ar}`, priority: 'high' });

    // The overview's upcoming tasks read the same: due first (moved to the past through the
    // API), so it is listed whatever else is open.
    await rest(ownerSession, 'PATCH', `tasks?id=eq.${task!.id}`, { due_at: '2000-01-01T00:00:00Z' });
    await page.goto('/dashboard');
    const upcoming = page.getByTestId('upcoming-tasks');
    await expect(upcoming.getByTestId('upcoming-task-title').filter({ hasText: title })).toHaveCount(1);
    await expect(upcoming).not.toContainText(c.other(unit));
  });
}
