import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { toWesternDigits } from '@/lib/digits';
import { normalizeGuestPhone } from './phone';
import { optionalEmail, optionalText, requiredText } from './validation';
import { slugify } from './organizations';

/**
 * An organisation's public booking site (`public.public_sites`), as Settings → Public site edits
 * it and the request sends it. The database checks the slug again (format, reserved, taken) and
 * refuses with `slug_invalid`, `slug_reserved` (HTTP 400) or `slug_taken` (HTTP 409).
 */

/** Refusals that only this form has, as keys of the `settings` namespace. */
export const PUBLIC_SITE_MESSAGES = {
  slug: 'settings:public_site_form.errors.slug_invalid',
  slugReserved: 'settings:public_site_form.errors.slug_reserved',
  phone: 'settings:public_site_form.errors.phone',
  color: 'settings:public_site_form.errors.color',
  contrast: 'settings:public_site_form.errors.contrast',
} as const;

/** public_sites_slug_check: lower-case Latin letters, digits and inner hyphens, at most 48. */
export const PUBLIC_SITE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

/**
 * The same words the database refuses (private.reserved_slugs(), migration
 * 20261124900000_public_site_slugs.sql): the app's routes and service paths. Checked here too so
 * the form says so before sending; the database is the rule.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'org',
  'game',
  'health',
  'login',
  'logout',
  'auth-diagnostics',
  'reset-password',
  'verify',
  'super-admin',
  'dashboard',
  'onboarding',
  'signup',
  'register',
  'review',
  'ar',
  'en',
  'units',
  'bookings',
  'clients',
  'payments',
  'vendors',
  'tasks',
  'access',
  'users',
  'reports',
  'settings',
  'invoices',
  'overview',
  'reviews',
  'api',
  'admin',
  'assets',
  'auth',
  'rest',
  'storage',
  'functions',
  'realtime',
  'graphql',
  'static',
  'public',
  'www',
  'mail',
  'status',
  'nuzl',
  'help',
  'support',
  'about',
  'terms',
  'privacy',
  'docs',
]);

/**
 * The slug a site gets when the field is left blank: the Latin name's slug, else the English
 * name's, else (an Arabic-only name has no Latin letters and we do not transliterate) `site-`
 * and the first 8 characters of the organisation's id, which is unique enough and editable.
 */
export function suggestSlug(names: { name?: string | null; name_ar?: string | null }, organizationId: string): string {
  for (const candidate of [names.name, names.name_ar]) {
    const slug = slugify(candidate ?? '');
    if (slug.length > 0 && !RESERVED_SLUGS.has(slug)) return slug;
  }
  return `site-${organizationId
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 8)
    .toLowerCase()}`;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
}

/** Contrast ratio of a colour against white (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/**
 * The theme colour marks the page's header on a white background today and is meant for
 * buttons and links with white text: 4.5:1 against white (WCAG AA for normal text) covers both.
 */
export const MIN_THEME_CONTRAST = 4.5;

/** Lower-case `#rrggbb`, dark enough for white text. */
export const themeColorSchema = z
  .string()
  .trim()
  .refine((value) => HEX_COLOR.test(value), { error: PUBLIC_SITE_MESSAGES.color, abort: true })
  .refine((value) => contrastWithWhite(value) >= MIN_THEME_CONTRAST, { error: PUBLIC_SITE_MESSAGES.contrast })
  .transform((value) => value.toLowerCase());

/**
 * The site's phone in E.164, or null: a mobile as guests' phones are read (normalizeGuestPhone),
 * or else a landline (the demo's Riyadh 011 number), local Saudi form or with its country code.
 */
export function normalizeSitePhone(input: string): string | null {
  const mobile = normalizeGuestPhone(input);
  if (mobile) return mobile;
  const value = toWesternDigits(input)
    .replace(/[^\d+]/g, '')
    .replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(value, 'SA');
  return parsed?.isValid() ? parsed.number : null;
}

const sitePhone = z
  .string()
  .trim()
  .refine((value) => value === '' || normalizeSitePhone(value) !== null, { error: PUBLIC_SITE_MESSAGES.phone })
  .transform((value) => (value === '' ? null : (normalizeSitePhone(value) ?? value)));

const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || PUBLIC_SITE_SLUG_PATTERN.test(value), {
    error: PUBLIC_SITE_MESSAGES.slug,
    abort: true,
  })
  .refine((value) => !RESERVED_SLUGS.has(value), { error: PUBLIC_SITE_MESSAGES.slugReserved });

export const PUBLIC_SITE_LANGUAGES = ['ar', 'en'] as const;

export const publicSiteSchema = z.object({
  enabled: z.boolean(),
  name: requiredText(200),
  name_ar: optionalText(200),
  description: optionalText(500),
  description_ar: optionalText(500),
  about: optionalText(4000),
  about_ar: optionalText(4000),
  contact_email: optionalEmail(),
  phone: sitePhone,
  address: optionalText(300),
  theme_color: themeColorSchema,
  default_language: z.enum(PUBLIC_SITE_LANGUAGES),
  /** Blank: the form fills in suggestSlug() before sending. */
  slug: slugSchema,
});

export type PublicSiteInput = z.input<typeof publicSiteSchema>;
export type PublicSiteValues = z.output<typeof publicSiteSchema>;

/** Logos: what the org-assets bucket takes (PNG, JPEG, WebP; 2 MiB). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export type LogoProblem = 'logo_type' | 'logo_size';

/** Why a file cannot be the logo, or null when it can. */
export function logoProblem(file: { type: string; size: number }): LogoProblem | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'logo_type';
  if (file.size > LOGO_MAX_BYTES) return 'logo_size';
  return null;
}
