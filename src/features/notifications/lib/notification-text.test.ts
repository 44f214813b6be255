import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { notificationText, notificationTime, unreadBadge } from './notification-text';

const t = (lang: 'en' | 'ar') => i18n.getFixedT(lang, 'notifications');
const TZ = 'Asia/Riyadh';

describe('notification texts', () => {
  it('render each event from its params in the reader’s language', () => {
    const task = { title: 'Fix the AC', title_ar: 'إصلاح المكيف', unit: 'Palm Villa', unit_ar: 'فيلا النخيل' };
    expect(notificationText(t('en'), 'task_assigned', task, 'en', TZ)).toEqual({
      title: 'New task for you: Fix the AC',
      body: 'Palm Villa',
    });
    expect(notificationText(t('ar'), 'task_assigned', task, 'ar', TZ).title).toBe('مهمة جديدة لك: إصلاح المكيف');
    expect(notificationText(t('ar'), 'task_assigned', task, 'ar', TZ).body).toBe('فيلا النخيل');

    const arrivals = { date: '2026-12-01', count: 3, bookings: [{ unit: 'Studio', unit_ar: null }] };
    expect(notificationText(t('en'), 'arrivals_today', arrivals, 'en', TZ).title).toBe('3 stays begin today');
    expect(notificationText(t('ar'), 'arrivals_today', { ...arrivals, count: 2 }, 'ar', TZ).title).toBe(
      'ضيفان يصلان اليوم',
    );

    const invoice = { number: 'INV-000123', balance_due: 1150, currency: 'SAR', due_date: '2026-11-20', buyer: 'Omar' };
    const overdue = notificationText(t('en'), 'invoice_overdue', invoice, 'en', TZ);
    expect(overdue.title).toBe('Invoice INV-000123 is overdue');
    expect(overdue.body).toMatch(/^Omar · SAR\s1,150\.00 outstanding · due Nov 20, 2026$/);
  });

  it('a channel conflict names the connection, the unit and the dates (issue 15)', () => {
    const conflict = {
      connection: 'Airbnb — Olaya',
      unit: 'Olaya Skyline',
      unit_ar: 'العليا سكاي لاين',
      check_in: '2026-12-03',
      check_out: '2026-12-06',
    };
    const en = notificationText(t('en'), 'channel_conflict', conflict, 'en', TZ);
    expect(en.title).toBe('Calendar conflict on Airbnb — Olaya');
    expect(en.body).toContain('Olaya Skyline');
    expect(en.body).toContain('Dec 3, 2026');
    const ar = notificationText(t('ar'), 'channel_conflict', conflict, 'ar', TZ);
    expect(ar.title).toBe('تعارض في تقويم Airbnb — Olaya');
    expect(ar.body).toContain('العليا سكاي لاين');
  });

  it('a guest’s message names the guest, the channel and the start of the text (issue 16)', () => {
    const message = { name: 'Sara Al-Qahtani', channel: 'whatsapp', body: 'What time can we check in?' };
    expect(notificationText(t('en'), 'message_received', message, 'en', TZ)).toEqual({
      title: 'New message from Sara Al-Qahtani',
      body: 'WhatsApp · What time can we check in?',
    });
    expect(notificationText(t('ar'), 'message_received', { ...message, channel: 'sms' }, 'ar', TZ)).toEqual({
      title: 'رسالة جديدة من Sara Al-Qahtani',
      body: 'رسالة نصية · What time can we check in?',
    });
  });

  it('a fired financial alert names the alert, its subject and the value against the threshold (issue 17)', () => {
    const licence = {
      alert: 'Tourism licence expiring',
      alert_ar: 'ترخيص السياحة يقترب من الانتهاء',
      type: 'licence_expiring',
      kind: 'days',
      severity: 'high',
      value: 12,
      threshold: 30,
      subject: 'Palm Villa',
      subject_ar: 'فيلا النخيل',
    };
    expect(notificationText(t('en'), 'financial_alert', licence, 'en', TZ)).toEqual({
      title: 'Alert: Tourism licence expiring',
      body: 'High · Palm Villa · 12 days (threshold 30 days)',
    });
    expect(notificationText(t('ar'), 'financial_alert', licence, 'ar', TZ)).toEqual({
      title: 'تنبيه: ترخيص السياحة يقترب من الانتهاء',
      body: 'أهمية عالية · فيلا النخيل · 12 يومًا (الحد 30 يومًا)',
    });
    const overdue = { alert: 'Overdue', kind: 'amount', severity: 'critical', value: 1150, threshold: 1000 };
    expect(notificationText(t('en'), 'financial_alert', overdue, 'en', TZ).body).toMatch(
      /^Critical · SAR\s1,150\.00 \(threshold SAR\s1,000\.00\)$/,
    );
    const occupancy = { alert: 'Low', kind: 'percent', severity: 'low', value: 15, threshold: 20 };
    expect(notificationText(t('en'), 'financial_alert', occupancy, 'en', TZ).body).toBe('Low · 15% (threshold 20%)');
  });

  it("an automation rule's team notification names the rule and what the event was about (issue 17)", () => {
    const stay = {
      rule: 'Tell the manager about cancellations',
      trigger: 'booking_cancelled',
      booking_reference: 'BK-2026-000123',
      guest: 'Sara Al-Qahtani',
      unit: 'Palm Villa',
      unit_ar: 'فيلا النخيل',
    };
    expect(notificationText(t('en'), 'automation', stay, 'en', TZ)).toEqual({
      title: 'Automation: Tell the manager about cancellations',
      body: 'Sara Al-Qahtani · Palm Villa · Booking BK-2026-000123',
    });
    expect(notificationText(t('ar'), 'automation', stay, 'ar', TZ)).toEqual({
      title: 'أتمتة: Tell the manager about cancellations',
      body: 'Sara Al-Qahtani · فيلا النخيل · الحجز BK-2026-000123',
    });
    const task = { rule: 'Inspection done', title: 'Inspect Palm Villa', title_ar: 'فحص فيلا النخيل' };
    expect(notificationText(t('ar'), 'automation', task, 'ar', TZ).body).toBe('فحص فيلا النخيل');
    const invoice = { rule: 'Paid', invoice_number: 'INV-2026-000045' };
    expect(notificationText(t('en'), 'automation', invoice, 'en', TZ).body).toBe('Invoice INV-2026-000045');
  });

  it('an event the app does not know yet still reads as a notification', () => {
    expect(notificationText(t('en'), 'budget_alert', {}, 'en', TZ)).toEqual({ title: 'New notification', body: '' });
  });

  it('times: just now, minutes, hours, then the date in the organisation’s zone', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(notificationTime(t('en'), '2026-11-26T11:59:30Z', 'en', TZ, now)).toBe('just now');
    expect(notificationTime(t('en'), '2026-11-26T11:55:00Z', 'en', TZ, now)).toBe('5 minutes ago');
    expect(notificationTime(t('en'), '2026-11-26T09:00:00Z', 'en', TZ, now)).toBe('3 hours ago');
    expect(notificationTime(t('en'), '2026-11-01T22:00:00Z', 'en', TZ, now)).toBe('Nov 2, 2026');
  });

  it('the badge caps at 9+', () => {
    expect(unreadBadge(3, 'en')).toBe('3');
    expect(unreadBadge(10, 'ar')).toBe('9+');
  });
});
