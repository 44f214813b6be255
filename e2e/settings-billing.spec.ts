import type { Page } from '@playwright/test';
import { api } from './bookings-helpers';
import { createOrganizationWithOwner, rpc, signedIn } from './money-payments-helpers';
import { signInWithPhone } from './support/auth';
import { expect, preferLanguage, test } from './support/fixtures';

/**
 * Settings → Billing (issue 14), in English and Arabic, through the stack's Moyasar sandbox. The
 * owner of a fresh Basic organisation switches to Advanced on the hosted payment page with a test
 * card that succeeds: back in the app "Verifying payment…" turns into the success message, the
 * plan reads Advanced and a subscription invoice with its VAT split is listed; with two units the
 * Basic card then says to remove one. Another owner's declined card leaves the plan on Basic with
 * the reason said. A payment that cannot be applied (the super administrator changed the plan while
 * the owner was paying) is refunded, and the tab says so and why.
 */
const TEXT = {
  en: {
    basicMonthly: 'Basic, billed monthly',
    advancedMonthly: 'Advanced, billed monthly',
    change: 'Switch to Advanced',
    paid: 'Payment received: your organisation is now on the Advanced plan.',
    failed: 'The payment did not go through (DECLINED). Your plan has not changed',
    removeUnit: 'Remove 1 unit to move to Basic.',
    refunded: "Your payment of SAR 119.00 was refunded because your organisation's plan changed while you were paying.",
    advancedYearly: 'Advanced, billed yearly',
    advancedPrice: 'SAR 119.00 / month',
    vat: 'SAR 15.52',
    net: 'SAR 103.48',
  },
  ar: {
    basicMonthly: 'الأساسية، بفوترة شهرية',
    advancedMonthly: 'المتقدمة، بفوترة شهرية',
    change: 'الانتقال إلى المتقدمة',
    paid: 'تم استلام الدفع: منشأتك الآن على الباقة المتقدمة.',
    failed: 'لم تكتمل عملية الدفع (DECLINED). باقتك لم تتغير',
    removeUnit: 'احذف وحدة واحدة للانتقال إلى الباقة الأساسية.',
    refunded: 'لأن باقة منشأتك تغيّرت أثناء الدفع',
    advancedYearly: 'المتقدمة، بفوترة سنوية',
    advancedPrice: '119.00',
    vat: '15.52',
    net: '103.48',
  },
} as const;

/** The hosted page's fields in the app's language (the tab opens it with `lang`). */
const PAGE = {
  en: { name: 'Name on card', number: 'Card number', expiry: 'Expiry (MM/YY)', cvc: 'CVC', pay: /^Pay / },
  ar: {
    name: 'الاسم على البطاقة',
    number: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (MM/YY)',
    cvc: 'رمز التحقق',
    pay: /^ادفع /,
  },
} as const;

/** Pays on the sandbox's hosted page with a card (its documented test numbers decide). */
async function payWithCard(page: Page, language: 'en' | 'ar', number: string) {
  const labels = PAGE[language];
  await expect(page).toHaveURL(new RegExp(`/_checkout/moyasar/invoices/[^?]+\\?lang=${language}$`));
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  await expect(page.getByText('STC Pay').first()).toBeVisible();
  await page.getByLabel(labels.name, { exact: true }).fill('Sara Alqahtani');
  await page.getByLabel(labels.number, { exact: true }).fill(number);
  await page.getByLabel(labels.expiry, { exact: true }).fill('12/39');
  await page.getByLabel(labels.cvc, { exact: true }).fill('123');
  await page.getByRole('button', { name: labels.pay }).click();
}

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test(`upgrade to Advanced with a success card; invoice listed; a downgrade over the unit limit is explained (${language})`, async ({
    page,
  }) => {
    const { session } = await createOrganizationWithOwner(language);
    await signedIn(page, session);
    await preferLanguage(page, language);
    await page.goto('/dashboard/settings?tab=billing');
    const tab = page.getByTestId('billing-tab');
    await expect(tab.getByTestId('billing-current-plan')).toHaveText(text.basicMonthly);
    await expect(tab.getByTestId('billing-price-advanced')).toContainText(text.advancedPrice);
    await expect(tab.getByTestId('billing-invoices')).toBeVisible();
    await expect(tab.getByTestId('billing-invoice-row')).toHaveCount(0);

    await tab.getByTestId('billing-change-advanced').click();
    await payWithCard(page, language, '4111111111111111');

    await expect(page).toHaveURL(/\/dashboard\/settings\?tab=billing&checkout=/);
    await expect(page.getByTestId('billing-checkout-status')).toHaveText(text.paid);
    await expect(tab.getByTestId('billing-current-plan')).toHaveText(text.advancedMonthly);
    await expect(tab.getByTestId('billing-invoice-row')).toHaveCount(1);
    await tab.getByTestId('billing-invoice-row').getByRole('button').click();
    const invoice = page.getByTestId('billing-invoice');
    await expect(invoice).toContainText('NZL-SUB-');
    await expect(invoice.getByTestId('billing-invoice-net')).toContainText(text.net);
    await expect(invoice.getByTestId('billing-invoice-vat')).toContainText(text.vat);
    await expect(invoice.getByTestId('billing-invoice-total')).toContainText('119.00');
    await page.keyboard.press('Escape');

    // Two units (Advanced's limit): Basic, which allows one, says what to remove first.
    for (const name of ['Unit one', 'Unit two']) {
      await api(session.access_token, 'POST', 'units', { name, price_per_night: 300 });
    }
    await page.goto('/dashboard/settings?tab=billing');
    await expect(page.getByTestId('billing-blockers-basic')).toHaveText(text.removeUnit);
    await expect(page.getByTestId('billing-plan-basic').getByRole('button')).toBeDisabled();
  });

  test(`a declined card leaves the plan on Basic with the reason (${language})`, async ({ page }) => {
    const { session } = await createOrganizationWithOwner(language);
    await signedIn(page, session);
    await preferLanguage(page, language);
    await page.goto('/dashboard/settings?tab=billing');
    await page.getByTestId('billing-change-advanced').click();
    await payWithCard(page, language, '4201321234411220');
    await expect(page).toHaveURL(/\/dashboard\/settings\?tab=billing&checkout=/);
    await expect(page.getByTestId('billing-checkout-status')).toContainText(text.failed);
    await expect(page.getByTestId('billing-current-plan')).toHaveText(text.basicMonthly);
    await expect(page.getByTestId('billing-invoice-row')).toHaveCount(0);
  });

  test(`a payment made stale by a plan change meanwhile is refunded, and the tab says why (${language})`, async ({
    page,
  }) => {
    const { session, organization } = await createOrganizationWithOwner(language);
    await signedIn(page, session);
    await preferLanguage(page, language);
    await page.goto('/dashboard/settings?tab=billing');
    await page.getByTestId('billing-change-advanced').click();
    // Once the owner is on the payment page (the checkout is open), the super administrator moves the organisation.
    await expect(page).toHaveURL(/\/_checkout\/moyasar\/invoices\//);
    const superAdmin = await signInWithPhone('+966500000000');
    await rpc(superAdmin.access_token, 'admin_set_organization_plan', {
      organization_id: organization.id,
      plan: 'advanced',
      billing_cycle: 'yearly',
    });
    await payWithCard(page, language, '4111111111111111');
    await expect(page).toHaveURL(/\/dashboard\/settings\?tab=billing&checkout=/);
    await expect(page.getByTestId('billing-checkout-status')).toContainText(text.refunded);
    await expect(page.getByTestId('billing-current-plan')).toHaveText(text.advancedYearly);
    await expect(page.getByTestId('billing-invoice-row')).toHaveCount(0);
  });
}
