import type { Page } from '@playwright/test';
import { expect as baseExpect, preferLanguage, test } from './support/fixtures';

// These screens share two cores with the stack and other suites: allow for a slow machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Issue 17: an automation rule made in Settings → Automation acts on a real check-out. In each
 * language the owner creates a task template and a rule "when a guest checks out → create a task
 * from it" (limited to a fresh unit, so no other suite's check-out runs it); a stay of that unit is
 * checked out through the Data API (the bookings screen is another feature's); the task is on the
 * tasks board in the reader's language, and the run is in the rule's log with a link to it.
 */
interface Session {
  access_token: string;
}

async function rest<T>(session: Session, method: string, path: string, body?: unknown): Promise<T> {
  const apiUrl = process.env.E2E_API_URL;
  const anonKey = process.env.E2E_ANON_KEY;
  if (!apiUrl || !anonKey) throw new Error('E2E_API_URL / E2E_ANON_KEY are set by e2e/global-setup.ts');
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

async function skipOnboarding(page: Page) {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'nuzl.onboarding',
      JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
    ),
  );
}

const COPY = {
  en: {
    tab: 'Automation',
    newTemplate: 'New template',
    name: 'Name',
    title: 'Title (English)',
    titleAr: 'Title (Arabic)',
    type: 'Type',
    inspection: 'Inspection',
    templateCreated: 'Template created',
    newRule: 'New rule',
    when: 'When',
    checkOut: 'When a guest checks out',
    action: 'Do',
    createTask: 'Create a task',
    taskTemplate: 'Task template',
    unit: 'Only for the unit',
    ruleCreated: 'Rule created',
    succeeded: 'Succeeded',
    createdTask: 'Created task',
    neverRun: 'Not run yet',
    words: (template: string) => `When a guest checks out → Create a task: “${template}”`,
    taskTitle: (unit: { en: string; ar: string }) => `Linen check: ${unit.en}`,
  },
  ar: {
    tab: 'الأتمتة',
    newTemplate: 'قالب جديد',
    name: 'الاسم',
    title: 'العنوان (بالإنجليزية)',
    titleAr: 'العنوان (بالعربية)',
    type: 'النوع',
    inspection: 'فحص',
    templateCreated: 'تم إنشاء القالب',
    newRule: 'قاعدة جديدة',
    when: 'عندما',
    checkOut: 'عند مغادرة الضيف',
    action: 'الإجراء',
    createTask: 'إنشاء مهمة',
    taskTemplate: 'قالب المهمة',
    unit: 'للوحدة فقط',
    ruleCreated: 'تم إنشاء القاعدة',
    succeeded: 'نجح',
    createdTask: 'المهمة المنشأة',
    neverRun: 'لم تعمل بعد',
    words: (template: string) => `عند مغادرة الضيف ← إنشاء مهمة: «${template}»`,
    taskTitle: (unit: { en: string; ar: string }) => `فحص البياضات: ${unit.ar}`,
  },
} as const;

test.describe.configure({ timeout: 120_000 });

for (const language of ['en', 'ar'] as const) {
  test(`a rule made in Settings → Automation creates its task on check-out (${language})`, async ({
    signedInPage: page,
    ownerSession,
  }) => {
    const c = COPY[language];
    const suffix = `${language} ${Date.now().toString(36)}`;
    const unit = { en: `Automation flat ${suffix}`, ar: `شقة الأتمتة ${suffix}` };
    const [created] = await rest<{ id: string }[]>(ownerSession, 'POST', 'units', {
      name: unit.en,
      name_ar: unit.ar,
      price_per_night: 500,
      address_city: 'Riyadh',
    });
    const unitId = created!.id;
    const [client] = await rest<{ id: string }[]>(ownerSession, 'GET', 'clients?select=id&limit=1');
    const [stay] = await rest<{ id: string }[]>(ownerSession, 'POST', 'bookings', {
      unit_id: unitId,
      client_id: client!.id,
      check_in: riyadhDay(0),
      check_out: riyadhDay(1),
      booking_reference: 'generated',
    });
    await rest(ownerSession, 'PATCH', `bookings?id=eq.${stay!.id}`, { status: 'checked_in' });

    await preferLanguage(page, language);
    await skipOnboarding(page);
    await page.goto('/dashboard/settings?tab=automation');
    const settings = page.getByTestId('automation-settings');
    await expect(settings).toBeVisible();
    await expect(page.getByRole('tab', { name: c.tab })).toHaveAttribute('aria-selected', 'true');

    // A task template, in both languages, with the unit's name as a variable.
    const templateName = `Linen check ${suffix}`;
    await page.getByTestId('task-template-new').click();
    const templateForm = page.getByTestId('task-template-form');
    await templateForm.getByLabel(c.name, { exact: true }).fill(templateName);
    await templateForm.getByLabel(c.title, { exact: true }).fill('Linen check: {{unit}}');
    await templateForm.getByLabel(c.titleAr, { exact: true }).fill('فحص البياضات: {{unit}}');
    await templateForm.getByLabel(c.type, { exact: true }).selectOption({ label: c.inspection });
    await page.getByTestId('task-template-save').click();
    await expect(page.getByText(c.templateCreated)).toBeVisible();
    await expect(page.getByTestId('task-template-row').filter({ hasText: templateName })).toHaveCount(1);

    // The rule: check-out → create a task from it, for the new unit only.
    const ruleName = `Linen after check-out ${suffix}`;
    await page.getByTestId('rule-new').click();
    const ruleForm = page.getByTestId('rule-form');
    await ruleForm.getByLabel(c.name, { exact: true }).fill(ruleName);
    await ruleForm.getByLabel(c.when, { exact: true }).selectOption({ label: c.checkOut });
    await ruleForm.getByLabel(c.action, { exact: true }).selectOption({ label: c.createTask });
    await ruleForm.getByLabel(c.taskTemplate, { exact: true }).selectOption({ label: templateName });
    await ruleForm.getByLabel(c.unit, { exact: true }).selectOption({ label: language === 'ar' ? unit.ar : unit.en });
    await page.getByTestId('rule-save').click();
    await expect(page.getByText(c.ruleCreated)).toBeVisible();
    const ruleRow = page.getByTestId('automation-rule-row').filter({ hasText: ruleName });
    await expect(ruleRow).toContainText(c.words(templateName));
    await expect(ruleRow.getByTestId('rule-active')).toBeChecked();

    // The guest checks out (Data API): the rule creates its task, beside the default cleaning task.
    await rest(ownerSession, 'PATCH', `bookings?id=eq.${stay!.id}`, { status: 'checked_out' });
    const [task] = await rest<{ id: string; title: string; title_ar: string; type: string; origin: string }[]>(
      ownerSession,
      'GET',
      `tasks?booking_id=eq.${stay!.id}&type=eq.inspection&select=id,title,title_ar,type,origin`,
    );
    expect(task).toMatchObject({
      title: `Linen check: ${unit.en}`,
      title_ar: `فحص البياضات: ${unit.ar}`,
      origin: 'automation',
    });

    await page.goto(`/dashboard/tasks?unit=${unitId}`);
    const cards = page.getByTestId('task-column-pending').getByTestId('task-card');
    await expect(cards.filter({ hasText: c.taskTitle(unit) })).toHaveCount(1);

    // The run is in the log, succeeded, with a link to the task it created.
    await page.goto('/dashboard/settings?tab=automation');
    const run = page.getByTestId('automation-run-row').filter({ hasText: ruleName });
    await expect(run).toHaveCount(1);
    await expect(run).toHaveAttribute('data-outcome', 'succeeded');
    await expect(run).toContainText(c.succeeded);
    await expect(run.getByTestId('run-task-link')).toHaveText(c.createdTask);
    await expect(run.getByTestId('run-task-link')).toHaveAttribute('href', `/dashboard/tasks?task=${task!.id}`);
    await expect(page.getByTestId('automation-rule-row').filter({ hasText: ruleName })).not.toContainText(c.neverRun);
  });
}
