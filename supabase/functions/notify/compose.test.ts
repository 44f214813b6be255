import { assert, assertEquals } from '../_shared/zatca/testing.ts';
import { composeEmail, languageOf, renderHtml } from './compose.ts';

const org = { name: 'Demo Stays', name_ar: 'إقامات تجريبية', timezone: 'Asia/Riyadh' };

Deno.test('the recipient’s language: Arabic, English, and Spanish falls back to English', () => {
  assertEquals(languageOf('ar'), 'ar');
  assertEquals(languageOf('en'), 'en');
  assertEquals(languageOf('es'), 'en');
});

Deno.test('a booking request in English: reference, stay and the link into the app', () => {
  const email = composeEmail(
    {
      event: 'booking_requested',
      params: {
        reference: 'BK-1042',
        guest: 'Omar',
        unit: 'Palm Villa',
        check_in: '2026-12-10',
        check_out: '2026-12-12',
      },
      link: '/dashboard/bookings?booking=b1',
      recipient: { name: 'Abdullah', language: 'en' },
      organization: org,
    },
    'https://app.example/',
  );
  assertEquals(email.subject, 'New booking request BK-1042 awaits your answer – Demo Stays');
  assert(email.text.includes('Hello Abdullah,'));
  assert(email.text.includes('Guest: Omar'));
  assert(/Check-in: Thu, (Dec 10|10 Dec),? 2026/.test(email.text), email.text);
  assert(email.text.includes('Open in Nuzl: https://app.example/dashboard/bookings?booking=b1'));
  assert(email.text.includes('Settings → Notifications'));
});

Deno.test('an overdue invoice in Arabic: amount in SAR with Latin digits', () => {
  const email = composeEmail(
    {
      event: 'invoice_overdue',
      params: { number: 'INV-000123', balance_due: 1150, currency: 'SAR', due_date: '2026-11-20', buyer: 'Omar' },
      link: '/dashboard/payments/invoices/i1',
      recipient: { name: null, language: 'ar' },
      organization: org,
    },
    'https://app.example',
  );
  assert(email.subject.startsWith('فاتورة متأخرة السداد'), email.subject);
  assert(email.text.startsWith('مرحبًا،'));
  assert(/المتبقي: .*1,150/.test(email.text), email.text);
  assert(renderHtml(email).includes('<a href="https://app.example/dashboard/payments/invoices/i1"'));
});

Deno.test('arrivals list each stay; an unknown event still gets a generic e-mail with its link', () => {
  const arrivals = composeEmail(
    {
      event: 'arrivals_today',
      params: {
        date: '2026-12-01',
        count: 2,
        bookings: [
          { reference: 'BK-1', guest: 'Omar', unit: 'Palm Villa', unit_ar: null },
          { reference: 'BK-2', guest: 'Sara', unit: 'Studio', unit_ar: null },
        ],
      },
      link: '/dashboard/bookings',
      recipient: { name: 'Faisal', language: 'en' },
      organization: org,
    },
    'https://app.example',
  );
  assertEquals(arrivals.subject, 'Arriving today: 2 stays – Demo Stays');
  assert(arrivals.text.includes('• Studio – Sara (\u200eBK-2\u200e)'), arrivals.text);
  const unknown = composeEmail(
    {
      event: 'budget_alert',
      params: {},
      link: '/dashboard',
      recipient: { name: 'A', language: 'en' },
      organization: org,
    },
    'https://app.example',
  );
  assertEquals(unknown.subject, 'New notification – Demo Stays');
  assert(unknown.text.includes('https://app.example/dashboard'));
});

Deno.test('a fired financial alert: the alert, its subject, value against threshold in the unit of its type', () => {
  const email = composeEmail(
    {
      event: 'financial_alert',
      params: {
        alert: 'Tourism licence expiring',
        alert_ar: 'ترخيص السياحة يقترب من الانتهاء',
        kind: 'days',
        severity: 'high',
        value: 12,
        threshold: 30,
        subject: 'Palm Villa',
        subject_ar: 'فيلا النخيل',
      },
      link: '/dashboard/reports?tab=alerts',
      recipient: { name: 'Abdullah', language: 'en' },
      organization: org,
    },
    'https://app.example',
  );
  assertEquals(email.subject, 'Financial alert: Tourism licence expiring – Demo Stays');
  assert(email.text.includes('About: Palm Villa'), email.text);
  assert(email.text.includes('Value: 12 days'), email.text);
  assert(email.text.includes('Threshold: 30 days'), email.text);
  assert(email.text.includes('Open in Nuzl: https://app.example/dashboard/reports?tab=alerts'));
  const ar = composeEmail(
    {
      event: 'financial_alert',
      params: {
        alert: 'Overdue',
        alert_ar: 'متأخرات',
        kind: 'amount',
        severity: 'critical',
        value: 1150,
        threshold: 1000,
      },
      link: '/dashboard/reports?tab=alerts',
      recipient: { name: null, language: 'ar' },
      organization: org,
    },
    'https://app.example',
  );
  assertEquals(ar.subject, 'تنبيه مالي: متأخرات – إقامات تجريبية');
  assert(/القيمة: .*1,150\.00/.test(ar.text), ar.text);
  assert(ar.text.includes('الأهمية: حرجة'), ar.text);
});
