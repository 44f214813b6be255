/**
 * The pre-arrival message carries the door code (issue 16), for an English and an Arabic guest of
 * the demo organisation. The host sets "days before check-in" to 4 on Settings → Messages (the
 * stays below check in two and three days from now, so their message was due before today), with the
 * code per stay on; each guest's stay is on a unit of this test with a lock of the TTLock sandbox,
 * so the locks function puts the stay's code on the lock. The schedule (cron
 * nuzl-guest-message-schedule, every 5 minutes) files the pre-arrival notices — the test runs it
 * at once through the local stack's /_local/cron tool instead of waiting for the clock — and
 * guest-notify sends them: the message that reached the sandbox (SMS or WhatsApp) for
 * each guest is in the guest's language and carries the stay's door code. Everything changed is
 * put back at the end (days, quiet hours, code per stay, units).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, createBooking, createGuest, createUnit, dayFromToday, removeUnit, unique } from './bookings-helpers';
import { expect, preferLanguage, test } from './support/fixtures';
import { stackEnv } from './support/stack-env';

const DEMO_ORG = '20000000-0000-4000-8000-000000000001';
/** A Wi-Fi lock of the TTLock sandbox (codes can be sent to it remotely), free for tests (supabase/local/ttlock). */
const SANDBOX_LOCK = { smart_lock_id: 'TTL-100301', lock_mac_address: 'a4:c1:38:2f:13:01' };

type Messages = Record<string, unknown>;
const messaging = (language: 'en' | 'ar'): Messages =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'src', 'locales', language, 'messaging.json'), 'utf8'),
  ) as Messages;

interface SentMessage {
  to: string;
  body: string;
}

/** What reached the guest's phone on either sandbox (SMS gateways, WhatsApp Cloud API). */
async function sentTo(phone: string): Promise<SentMessage[]> {
  const digits = phone.replace(/\D/g, '');
  const get = async <T>(path: string): Promise<T[]> => {
    const response = await fetch(`${stackEnv().apiUrl}${path}`);
    return response.ok ? ((await response.json()) as T[]) : [];
  };
  const sms = await get<{ to: string; body: string }>('/_sandbox/sms/messages');
  const whatsapp = await get<{ waId: string; body: string; direction: string; template: { params: string[] } | null }>(
    '/_sandbox/whatsapp/messages',
  );
  return [
    ...sms.map((m) => ({ to: m.to, body: m.body })),
    ...whatsapp
      .filter((m) => m.direction === 'outbound')
      .map((m) => ({ to: m.waId, body: [m.body, ...(m.template?.params ?? [])].join(' ') })),
  ].filter((m) => m.to.replace(/\D/g, '') === digits);
}

test('the pre-arrival message reaches each guest with the door code, in their language', async ({
  signedInPage: page,
  ownerSession,
}) => {
  // The lock codes reach the sandbox lock (up to 2 minutes under load), then the schedule and the send.
  test.setTimeout(4 * 60_000);
  const token = ownerSession.access_token;
  const [organization] = await api<{ lock_code_per_stay: boolean }[]>(
    token,
    'GET',
    `organizations?select=lock_code_per_stay&id=eq.${DEMO_ORG}`,
  );
  const [quiet] = await api<{ quiet_hours_enabled: boolean; quiet_hours_start: string; quiet_hours_end: string }[]>(
    token,
    'GET',
    'messaging_settings?select=quiet_hours_enabled,quiet_hours_start,quiet_hours_end',
  );
  const [automation] = await api<{ enabled: boolean; days: number }[]>(
    token,
    'GET',
    'message_automations?select=enabled,days&kind=eq.pre_arrival',
  );
  const units: string[] = [];
  try {
    await api(token, 'PATCH', `organizations?id=eq.${DEMO_ORG}`, {
      lock_code_per_stay: true,
      door_code_to_guest: true,
    });
    // The message must not wait for the end of quiet hours, whenever this runs.
    await api(token, 'POST', 'rpc/set_messaging_settings', { settings: { quiet_hours_enabled: false } });

    // The host sets the days on Settings → Messages.
    await preferLanguage(page, 'en');
    await page.goto('/dashboard/settings?tab=messages');
    const days = page.getByTestId('automation-days-pre_arrival');
    await expect(days).toBeVisible({ timeout: 30_000 });
    await days.fill('4');
    await page.getByTestId('automation-days-save-pre_arrival').click();
    await expect(page.getByTestId('automation-pre_arrival')).toContainText('4 days before check-in');

    const stays: {
      language: 'en' | 'ar';
      guest: { id: string; name: string; phone: string };
      booking: { id: string };
    }[] = [];
    for (const language of ['en', 'ar'] as const) {
      const unit = await createUnit(token, unique('Pre-arrival unit'), unique('وحدة قبل الوصول'));
      units.push(unit.id);
      await api(token, 'PATCH', `units?id=eq.${unit.id}`, {
        ...SANDBOX_LOCK,
        wifi_name: 'Nuzl-Test',
        wifi_password: 'stay-12345',
      });
      // The unit's own account on the sandbox (write-only, as the Lock tab saves it).
      await api(token, 'POST', 'rpc/set_unit_lock_credentials', {
        unit_id: unit.id,
        account_username: 'demo-ttlock',
        account_password: 'demo-lock-password',
        client_id: 'demo-ttlock-client',
        client_secret: 'demo-ttlock-secret',
      });
      const guest = await createGuest(token, unique(language === 'en' ? 'Nora Arrival' : 'نورة الوصول'));
      await api(token, 'PATCH', `clients?id=eq.${guest.id}`, { preferred_language: language });
      const booking = await createBooking(token, {
        unit_id: unit.id,
        client_id: guest.id,
        // Another period for each stay: one lock cannot hold two codes with the same times.
        check_in: dayFromToday(language === 'en' ? 2 : 3),
        check_out: dayFromToday(language === 'en' ? 4 : 5),
        status: 'confirmed',
      });
      stays.push({ language, guest, booking });
    }

    // The locks function puts each stay's code on the sandbox lock.
    const codes = new Map<string, string>();
    await expect
      .poll(
        async () => {
          const states: string[] = [];
          for (const { booking } of stays) {
            const [row] = await api<{ code: string; state: string; last_error: string | null }[]>(
              token,
              'GET',
              `booking_lock_codes?select=code,state,last_error&booking_id=eq.${booking.id}`,
            );
            if (row?.state === 'active') codes.set(booking.id, row.code);
            states.push(row ? `${row.state}${row.last_error ? ` (${row.last_error})` : ''}` : 'none');
          }
          return states.join(', ');
        },
        { timeout: 120_000, intervals: [2_000] },
      )
      .toBe(stays.map(() => 'active').join(', '));

    // The schedule files the pre-arrival notices (run now, as its 5-minute cron job would);
    // guest-notify sends them with the code.
    const run = await fetch(`${stackEnv().apiUrl}/_local/cron/run/nuzl-guest-message-schedule`, { method: 'POST' });
    expect(run.status, await run.text()).toBe(200);
    for (const { language, guest, booking } of stays) {
      const code = codes.get(booking.id)!;
      await expect
        .poll(async () => (await sentTo(guest.phone)).find((m) => m.body.includes(code))?.body ?? '', {
          timeout: 60_000,
          intervals: [1_000],
          message: `the pre-arrival message to the ${language} guest with code ${code}`,
        })
        .toContain(code);
      const body = (await sentTo(guest.phone)).find((m) => m.body.includes(code))!.body;
      // In the guest's language (the organisation's template, or guest-notify's own wording).
      if (language === 'ar') expect(body).toMatch(/[\u0621-\u064a]{3}/);
      else expect(body).toMatch(/door code/i);
    }

    // The Arabic screen says the same setting.
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.reload();
    const when = (messaging('ar').automations as Messages).kinds as Record<string, Record<string, string>>;
    await expect(page.getByTestId('automation-pre_arrival')).toContainText(
      when.pre_arrival!.when_few!.replace('{{count}}', '4'),
      { timeout: 30_000 },
    );
  } finally {
    await api(token, 'POST', 'rpc/set_message_automation', {
      kind: 'pre_arrival',
      enabled: automation?.enabled ?? true,
      days: automation?.days ?? 2,
    });
    if (quiet) await api(token, 'POST', 'rpc/set_messaging_settings', { settings: quiet });
    await api(token, 'PATCH', `organizations?id=eq.${DEMO_ORG}`, {
      lock_code_per_stay: organization?.lock_code_per_stay ?? false,
    });
    for (const unit of units) await removeUnit(token, unit);
  }
});
