import { describe, expect, it } from 'vitest';
import {
  contrastWithWhite,
  logoProblem,
  publicSiteSchema,
  RESERVED_SLUGS,
  suggestSlug,
  type PublicSiteInput,
} from './public-site';

const ORG = '20000000-0000-4000-8000-000000000001';

const valid: PublicSiteInput = {
  enabled: true,
  name: 'Nuzl Demo Stays',
  name_ar: 'نُزُل للإقامات',
  description: '',
  description_ar: '',
  about: '',
  about_ar: '',
  contact_email: ' Stay@Demo.Example ',
  phone: '0501234567',
  address: '',
  theme_color: '#0F766E',
  default_language: 'ar',
  slug: ' Demo-Stays ',
};

function issues(input: Partial<PublicSiteInput>) {
  const result = publicSiteSchema.safeParse({ ...valid, ...input });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('publicSiteSchema', () => {
  it('normalises what the database stores', () => {
    expect(publicSiteSchema.parse(valid)).toMatchObject({
      contact_email: 'stay@demo.example',
      phone: '+966501234567',
      theme_color: '#0f766e',
      slug: 'demo-stays',
      description: null,
      address: null,
    });
  });

  it('takes a landline or a foreign number, blank as null', () => {
    expect(publicSiteSchema.parse({ ...valid, phone: '+971 4 123 4567' }).phone).toBe('+97141234567');
    expect(publicSiteSchema.parse({ ...valid, phone: '+966112345678' }).phone).toBe('+966112345678');
    expect(publicSiteSchema.parse({ ...valid, phone: '011 234 5678' }).phone).toBe('+966112345678');
    expect(publicSiteSchema.parse({ ...valid, phone: '' }).phone).toBeNull();
    expect(issues({ phone: '12' })).toEqual({ phone: 'settings:public_site_form.errors.phone' });
  });

  it('refuses reserved and malformed slugs, allows blank (filled in on save)', () => {
    for (const slug of ['dashboard', 'login', 'org', 'api', 'super-admin', 'Reset-Password'])
      expect(issues({ slug })).toEqual({ slug: 'settings:public_site_form.errors.slug_reserved' });
    for (const slug of ['has space', '-x', 'x-', 'مرحبا', 'a'.repeat(49)])
      expect(issues({ slug })).toEqual({ slug: 'settings:public_site_form.errors.slug_invalid' });
    expect(issues({ slug: '' })).toEqual({});
  });

  it('refuses a theme colour that is not hex or too light for white text', () => {
    expect(issues({ theme_color: 'teal' })).toEqual({ theme_color: 'settings:public_site_form.errors.color' });
    expect(issues({ theme_color: '#ffff00' })).toEqual({ theme_color: 'settings:public_site_form.errors.contrast' });
    expect(issues({ theme_color: '#14b8a6' })).toEqual({ theme_color: 'settings:public_site_form.errors.contrast' });
    expect(issues({ theme_color: '#9a3412' })).toEqual({});
  });

  it('requires a name', () => {
    expect(issues({ name: '  ' })).toEqual({ name: 'common:validation.required' });
  });
});

describe('contrastWithWhite', () => {
  it('matches WCAG', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#0f766e')).toBeGreaterThan(4.5);
  });
});

describe('suggestSlug', () => {
  it('slugifies the Latin name, then the other name, else site-<org id prefix>', () => {
    expect(suggestSlug({ name: 'Riyadh Stays & Co.' }, ORG)).toBe('riyadh-stays-and-co');
    expect(suggestSlug({ name: 'نُزُل', name_ar: 'Nuzl Stays' }, ORG)).toBe('nuzl-stays');
    expect(suggestSlug({ name: 'بيوت الرياض', name_ar: 'نُزُل' }, ORG)).toBe('site-20000000');
    expect(suggestSlug({ name: 'Dashboard' }, ORG)).toBe('site-20000000');
  });

  it('never suggests a reserved word', () => {
    for (const word of RESERVED_SLUGS) expect(suggestSlug({ name: word }, ORG)).not.toBe(word);
  });
});

describe('logoProblem', () => {
  it('takes PNG, JPEG and WebP up to 2 MiB', () => {
    expect(logoProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(logoProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(logoProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('logo_size');
    expect(logoProblem({ type: 'image/svg+xml', size: 10 })).toBe('logo_type');
    expect(logoProblem({ type: 'application/pdf', size: 10 })).toBe('logo_type');
  });
});
