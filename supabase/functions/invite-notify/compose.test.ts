import { assert, assertEquals, assertMatch } from '../_shared/zatca/testing.ts';
import { composeInvitation, invitationLink, type InvitationContext } from './compose.ts';

const TOKEN = 'a'.repeat(64);

function context(language: 'en' | 'ar', overrides: Partial<InvitationContext> = {}): InvitationContext {
  return {
    id: 'i1',
    email: 'sara@example.com',
    language,
    token: TOKEN,
    // 2026-12-04 18:30 in Riyadh (UTC+3).
    expires_at: '2026-12-04T15:30:00Z',
    organization: { name: 'Demo Stays', name_ar: 'نُزُل للإقامات', timezone: 'Asia/Riyadh' },
    role: { key: 'manager', name: 'Manager' },
    inviter: 'Abdullah Al-Qahtani',
    ...overrides,
  };
}

Deno.test('the link is the app’s invitation page with the token, whatever the site URL’s trailing slash', () => {
  assertEquals(invitationLink('https://app.example/', TOKEN), `https://app.example/invite/${TOKEN}`);
  assertEquals(invitationLink('https://app.example', TOKEN), `https://app.example/invite/${TOKEN}`);
});

Deno.test('English: who invites, to what, as what, the link, the address to sign in with, until when', () => {
  const mail = composeInvitation(context('en'), 'https://app.example/');
  assertEquals(mail.language, 'en');
  assertEquals(mail.subject, 'Abdullah Al-Qahtani invited you to join Demo Stays on Nuzl');
  assert(mail.text.includes('Abdullah Al-Qahtani invited you to join the Demo Stays team on Nuzl as Manager.'));
  assert(mail.text.includes(`Accept the invitation: https://app.example/invite/${TOKEN}`));
  assert(mail.text.includes('sign in with this e-mail address (sara@example.com)'));
  assertMatch(mail.text, /valid until December 4, 2026 at 6:30\sPM/);
  assertMatch(mail.html, /^<!doctype html><html lang="en" dir="ltr">/);
  assert(mail.html.includes(`href="https://app.example/invite/${TOKEN}"`));
});

Deno.test('Arabic: natural Arabic, the Arabic organisation name, Latin digits, right to left', () => {
  const mail = composeInvitation(context('ar'), 'https://app.example');
  assertEquals(mail.language, 'ar');
  assertEquals(mail.subject, 'Abdullah Al-Qahtani يدعوك للانضمام إلى نُزُل للإقامات على نُزُل');
  assert(mail.text.includes('دعاك Abdullah Al-Qahtani للانضمام إلى فريق نُزُل للإقامات على نُزُل بصفة «مدير».'));
  assert(mail.text.includes(`قبول الدعوة: https://app.example/invite/${TOKEN}`));
  assert(mail.text.includes('\u2066sara@example.com\u2069'));
  assertMatch(mail.text, /الدعوة صالحة حتى 4 ديسمبر 2026/);
  assert(!/[٠-٩]/.test(mail.text), 'Latin digits');
  assertMatch(mail.html, /^<!doctype html><html lang="ar" dir="rtl">/);
});

Deno.test('a custom role keeps its own name; no inviter name gives a neutral opening; HTML is escaped', () => {
  const en = composeInvitation(
    context('en', { role: { key: null, name: 'Night <Auditor>' }, inviter: null }),
    'https://app.example',
  );
  assertEquals(en.subject, "You're invited to join Demo Stays on Nuzl");
  assert(en.text.includes('You have been invited to join the Demo Stays team on Nuzl as Night <Auditor>.'));
  assert(en.html.includes('Night &lt;Auditor&gt;'));
  assert(!en.html.includes('<Auditor>'));
  const ar = composeInvitation(context('ar', { inviter: '  ', role: { key: 'member', name: 'Team Member' } }), 'x');
  assertEquals(ar.subject, 'دعوة للانضمام إلى نُزُل للإقامات على نُزُل');
  assert(ar.text.includes('تلقّيت دعوة للانضمام إلى فريق نُزُل للإقامات على نُزُل بصفة «عضو فريق».'));
});

Deno.test('an organisation without an Arabic name is named as it is; any language but en reads Arabic', () => {
  const mail = composeInvitation(
    context('es' as 'ar', { organization: { name: 'Red Sea', name_ar: null, timezone: 'Asia/Dubai' } }),
    'https://app.example',
  );
  assertEquals(mail.language, 'ar');
  assert(mail.text.includes('فريق Red Sea'));
});
