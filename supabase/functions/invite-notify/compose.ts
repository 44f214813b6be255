// The invitation e-mail (issue 14), in the language the inviter chose for the invitee: who invites
// them, to which organisation, as what, the link that signs them in (or up) and joins, and until
// when it works. Dates follow the app's locales (src/lib/format.ts: Gregorian calendar, Latin
// digits in Arabic too) in the organisation's time zone. Pure: no I/O, no clock.
//
// Written for each language rather than translated word for word.

export type Language = 'en' | 'ar';

export interface InvitationContext {
  id: string;
  email: string;
  language: string;
  token: string;
  expires_at: string;
  organization: { name: string; name_ar: string | null; timezone: string };
  role: { key: string | null; name: string };
  inviter: string | null;
}

export interface ComposedInvitation {
  language: Language;
  link: string;
  subject: string;
  text: string;
  html: string;
}

const LOCALES: Record<Language, string> = { en: 'en-SA', ar: 'ar-SA-u-nu-latn-ca-gregory' };
/** Left-to-right isolate marks keep an address or a link whole inside Arabic text. */
const LRI = '\u2066';
const PDI = '\u2069';

/** The built-in roles by their key (SPEC §6); a custom role keeps the name the organisation gave it. */
const ROLE_NAMES: Record<string, Record<Language, string>> = {
  admin: { en: 'Administrator', ar: 'مسؤول' },
  manager: { en: 'Manager', ar: 'مدير' },
  member: { en: 'Team Member', ar: 'عضو فريق' },
};

export function invitationLanguage(value: string): Language {
  return value === 'en' ? 'en' : 'ar';
}

export function invitationLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/invite/${encodeURIComponent(token)}`;
}

function formatMoment(iso: string, timeZone: string, lang: Language): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function composeInvitation(context: InvitationContext, siteUrl: string): ComposedInvitation {
  const lang = invitationLanguage(context.language);
  const ar = lang === 'ar';
  const link = invitationLink(siteUrl, context.token);
  const org = (ar ? context.organization.name_ar || context.organization.name : context.organization.name).trim();
  const role = (context.role.key && ROLE_NAMES[context.role.key]?.[lang]) || context.role.name;
  const inviter = context.inviter?.trim() || null;
  const until = formatMoment(context.expires_at, context.organization.timezone, lang);
  const address = ar ? `${LRI}${context.email}${PDI}` : context.email;

  const subject = ar
    ? inviter
      ? `${inviter} يدعوك للانضمام إلى ${org} على نُزُل`
      : `دعوة للانضمام إلى ${org} على نُزُل`
    : inviter
      ? `${inviter} invited you to join ${org} on Nuzl`
      : `You're invited to join ${org} on Nuzl`;
  const opening = ar
    ? `${inviter ? `دعاك ${inviter}` : 'تلقّيت دعوة'} للانضمام إلى فريق ${org} على نُزُل بصفة «${role}».`
    : `${inviter ? `${inviter} invited you` : 'You have been invited'} to join the ${org} team on Nuzl as ${role}.`;
  const paragraphs = ar
    ? [
        'مرحبًا،',
        opening,
        'نُزُل هو المكان الذي يدير فيه الفريق الوحدات والحجوزات والضيوف.',
        `للقبول سجّل الدخول بعنوان بريدك هذا (${address})، وسنرسل إليك رمز تحقق لمرة واحدة. إن لم يكن لديك حساب فسيُنشأ لك.`,
        `الدعوة صالحة حتى ${until}.`,
        'إن لم تكن تتوقع هذه الدعوة فتجاهل هذه الرسالة، ولن يُضاف أحد إلى أي منشأة.',
      ]
    : [
        'Hello,',
        opening,
        'Nuzl is where the team runs its units, bookings and guests.',
        `To accept, sign in with this e-mail address (${address}); we will send you a one-time code. If you have no account yet, one is created for you.`,
        `The invitation is valid until ${until}.`,
        'If you did not expect this invitation, you can ignore this e-mail; nobody is added to anything.',
      ];
  const action = ar ? 'قبول الدعوة' : 'Accept the invitation';
  const text = [...paragraphs.slice(0, 3), `${action}: ${link}`, ...paragraphs.slice(3)].join('\n\n');

  const dir = ar ? 'rtl' : 'ltr';
  const html = [
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:system-ui,'Segoe UI',Tahoma,sans-serif;color:#1c1917;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">`,
    ...paragraphs.slice(0, 3).map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action)}</a></p>`,
    `<p style="font-size:13px;color:#57534e" dir="ltr">${escapeHtml(link)}</p>`,
    ...paragraphs.slice(3).map((p) => `<p>${escapeHtml(p)}</p>`),
    `</body></html>`,
  ].join('');
  return { language: lang, link, subject, text, html };
}
