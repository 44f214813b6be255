/**
 * The hosted invoice page of the Moyasar sandbox (`/_checkout/moyasar/invoices/<id>`, the
 * invoice's `url`): the payer picks mada / credit card, Apple Pay or STC Pay, and the test
 * environment's rules decide (outcomes.ts). The page then sends the browser to the invoice's
 * callback_url with `id` (the payment), `status` and `message`, as Moyasar's form does; without a
 * callback_url it shows the result. English by default, Arabic with `?lang=ar` (right to left).
 */
import { applePayOutcome, cardCompany, cardOutcome, luhnValid, stcPayOutcome, TEST_CARDS } from './outcomes';
import type { MoyasarInvoice, MoyasarSandbox } from './sandbox';

type Lang = 'en' | 'ar';
const TEXT = {
  en: {
    title: 'Pay invoice',
    amount: 'Amount',
    card: 'mada / Credit card',
    applePay: 'Apple Pay',
    stcPay: 'STC Pay',
    name: 'Name on card',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    mobile: 'Mobile number',
    otp: 'One-time code (OTP)',
    pay: 'Pay',
    paid: 'This invoice is paid.',
    notFound: 'This invoice was not found.',
    sandbox: 'Local test environment: no real money moves.',
    testCards:
      'Test cards: 4201320111111010 (mada, approved), 4111111111111111 (Visa, approved), 4201321234411220 (declined). STC Pay OTP 123456 succeeds.',
    applePayNote: 'In the test environment Apple Pay succeeds for 200.00–300.00 SAR only.',
    invalidNumber: 'The card number is invalid',
    invalidName: 'Enter the first and last name on the card',
    invalidExpiry: 'Enter a future expiry date',
    invalidCvc: 'Enter the 3-digit security code (4 for Amex)',
    invalidMobile: 'Enter a Saudi mobile number (05XXXXXXXX)',
    result: 'Payment result',
    english: 'English',
    arabic: 'العربية',
  },
  ar: {
    title: 'دفع الفاتورة',
    amount: 'المبلغ',
    card: 'مدى / بطاقة ائتمانية',
    applePay: 'Apple Pay',
    stcPay: 'STC Pay',
    name: 'الاسم على البطاقة',
    number: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (MM/YY)',
    cvc: 'رمز التحقق',
    mobile: 'رقم الجوال',
    otp: 'رمز التحقق لمرة واحدة',
    pay: 'ادفع',
    paid: 'تم دفع هذه الفاتورة.',
    notFound: 'لم يتم العثور على هذه الفاتورة.',
    sandbox: 'بيئة اختبار محلية: لا تُحوَّل أي أموال حقيقية.',
    testCards:
      'بطاقات الاختبار: 4201320111111010 (مدى، مقبولة)، 4111111111111111 (فيزا، مقبولة)، 4201321234411220 (مرفوضة). رمز STC Pay ‏123456 ينجح.',
    applePayNote: 'في بيئة الاختبار ينجح Apple Pay للمبالغ من 200.00 إلى 300.00 ريال فقط.',
    invalidNumber: 'رقم البطاقة غير صحيح',
    invalidName: 'أدخل الاسم الأول والأخير كما على البطاقة',
    invalidExpiry: 'أدخل تاريخ انتهاء مستقبليًا',
    invalidCvc: 'أدخل رمز التحقق المكوّن من 3 أرقام (4 لأمريكان إكسبريس)',
    invalidMobile: 'أدخل رقم جوال سعودي (05XXXXXXXX)',
    result: 'نتيجة الدفع',
    english: 'English',
    arabic: 'العربية',
  },
} as const;

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  // No form-action: the form's answer redirects to the merchant's callback_url, another origin.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(lang: Lang, body: string, status = 200): Response {
  const t = TEXT[lang];
  return new Response(
    `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title} · Moyasar (sandbox)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;padding:2rem 1rem;color:#111827}
main{max-width:28rem;margin:auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px #0002}
fieldset{border:1px solid #d1d5db;border-radius:.5rem;margin:1rem 0;padding:.75rem 1rem}
label{display:block;margin:.5rem 0 .2rem;font-size:.9rem}input[type=text]{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #9ca3af;border-radius:.375rem;font-size:1rem}
button{width:100%;padding:.7rem;border:0;border-radius:.375rem;background:#0f766e;color:#fff;font-size:1rem;margin-top:.75rem;cursor:pointer}
.note{font-size:.8rem;color:#4b5563}.error{color:#b91c1c;font-weight:600}.amount{font-size:1.4rem;font-weight:700}
</style></head><body><main>${body}</main></body></html>`,
    { status, headers: HTML_HEADERS },
  );
}

function form(lang: Lang, invoice: MoyasarInvoice, errors: string[] = [], values: Record<string, string> = {}) {
  const t = TEXT[lang];
  const v = (name: string) => escapeHtml(values[name] ?? '');
  const method = values.method ?? 'creditcard';
  const radio = (value: string, label: string) =>
    `<label><input type="radio" name="method" value="${value}"${method === value ? ' checked' : ''}> ${label}</label>`;
  const other = lang === 'ar' ? ['en', t.english] : ['ar', t.arabic];
  return page(
    lang,
    `<p><a href="?lang=${other[0]}" hreflang="${other[0]}">${other[1]}</a></p>
<h1>${t.title}</h1>
<p>${escapeHtml(invoice.description)}</p>
<p>${t.amount}: <span class="amount">${escapeHtml(invoice.amount_format)}</span></p>
${errors.map((e) => `<p class="error" role="alert">${escapeHtml(e)}</p>`).join('')}
<form method="post" action="?lang=${lang}">
<fieldset><legend>${t.card}</legend>${radio('creditcard', t.card)}
<label for="name">${t.name}</label><input type="text" id="name" name="name" autocomplete="cc-name" value="${v('name')}">
<label for="number">${t.number}</label><input type="text" id="number" name="number" inputmode="numeric" autocomplete="cc-number" value="${v('number')}">
<label for="expiry">${t.expiry}</label><input type="text" id="expiry" name="expiry" autocomplete="cc-exp" value="${v('expiry')}">
<label for="cvc">${t.cvc}</label><input type="text" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="${v('cvc')}">
</fieldset>
<fieldset><legend>${t.applePay}</legend>${radio('applepay', t.applePay)}<p class="note">${t.applePayNote}</p></fieldset>
<fieldset><legend>${t.stcPay}</legend>${radio('stcpay', t.stcPay)}
<label for="mobile">${t.mobile}</label><input type="text" id="mobile" name="mobile" inputmode="tel" value="${v('mobile')}">
<label for="otp">${t.otp}</label><input type="text" id="otp" name="otp" inputmode="numeric" value="${v('otp')}">
</fieldset>
<button type="submit">${t.pay} ${escapeHtml(invoice.amount_format)}</button>
</form>
<p class="note">${t.sandbox}</p><p class="note">${t.testCards}</p>`,
  );
}

/** Masks a card number as Moyasar does: 4111-11XX-XXXX-1111. */
function mask(number: string): string {
  const masked = number.slice(0, 6) + 'X'.repeat(Math.max(0, number.length - 10)) + number.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, '$1-');
}

function futureExpiry(expiry: string): boolean {
  const m = /^(0[1-9]|1[0-2])\s*\/\s*([0-9]{2}|[0-9]{4})$/.exec(expiry.trim());
  if (!m) return false;
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  const now = new Date();
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && Number(m[1]) >= now.getUTCMonth() + 1);
}

export function createCheckoutPage(sandbox: MoyasarSandbox) {
  return {
    /** Requests under /_checkout/moyasar with the prefix stripped. */
    async handle(req: Request): Promise<Response> {
      const url = new URL(req.url);
      const lang: Lang = url.searchParams.get('lang') === 'ar' ? 'ar' : 'en';
      const t = TEXT[lang];
      const id = /^\/invoices\/([^/]+)\/?$/.exec(url.pathname)?.[1];
      const invoice = id ? sandbox.invoice(decodeURIComponent(id)) : null;
      if (!invoice) return page(lang, `<h1>${t.notFound}</h1>`, 404);
      if (invoice.status === 'paid') return page(lang, `<h1>${t.paid}</h1>`);
      if (req.method === 'GET' || req.method === 'HEAD') return form(lang, invoice);
      if (req.method !== 'POST') return page(lang, '<h1>405</h1>', 405);

      const values = Object.fromEntries(new URLSearchParams(await req.text())) as Record<string, string>;
      const errors: string[] = [];
      let source: Record<string, unknown>;
      let outcome;
      if (values.method === 'applepay') {
        outcome = applePayOutcome(invoice.amount);
        source = { type: 'applepay', company: 'visa', name: null, number: '4111-11XX-XXXX-1111', gateway_id: null };
      } else if (values.method === 'stcpay') {
        const mobile = (values.mobile ?? '').replace(/\s+/g, '');
        if (!/^05[0-9]{8}$/.test(mobile)) errors.push(t.invalidMobile);
        outcome = stcPayOutcome((values.otp ?? '').trim());
        source = { type: 'stcpay', mobile, reference_id: `stc_${Date.now()}`, branch: null, cashier: null };
      } else {
        const number = (values.number ?? '').replace(/[\s-]+/g, '');
        if (!TEST_CARDS[number] && !luhnValid(number)) errors.push(t.invalidNumber);
        if ((values.name ?? '').trim().split(/\s+/).length < 2) errors.push(t.invalidName);
        if (!futureExpiry(values.expiry ?? '')) errors.push(t.invalidExpiry);
        const company = cardCompany(number);
        if (!new RegExp(`^[0-9]{${company === 'amex' ? 4 : 3}}$`).test((values.cvc ?? '').trim())) {
          errors.push(t.invalidCvc);
        }
        outcome = cardOutcome(number);
        source = {
          type: 'creditcard',
          company,
          name: (values.name ?? '').trim(),
          number: mask(number),
          gateway_id: `moyasar_sandbox_${Date.now()}`,
          reference_number: String(Date.now()).slice(-12),
          token: null,
          transaction_url: null,
        };
      }
      if (errors.length) return form(lang, invoice, errors, values);
      const payment = await sandbox.pay(invoice, source, outcome);
      if (!invoice.callback_url) {
        return page(lang, `<h1>${t.result}</h1><p>${escapeHtml(payment.status)}: ${escapeHtml(outcome.message)}</p>`);
      }
      const back = new URL(invoice.callback_url);
      back.searchParams.set('id', payment.id);
      back.searchParams.set('status', payment.status);
      back.searchParams.set('message', outcome.message);
      return new Response(null, { status: 303, headers: { location: back.toString(), 'cache-control': 'no-store' } });
    },
  };
}
