import { describe, expect, it } from 'vitest';
import { changeCodeSchema, emailChangeSchema, phoneChangeSchema, profileSchema, uiLanguageFor } from './profile-schema';

describe('profileSchema', () => {
  it('takes a trimmed name and English, Arabic or Spanish', () => {
    expect(profileSchema.parse({ full_name: ' Sara ', preferred_language: 'es' })).toEqual({
      full_name: 'Sara',
      preferred_language: 'es',
    });
    expect(profileSchema.safeParse({ full_name: '', preferred_language: 'en' }).success).toBe(false);
    expect(profileSchema.safeParse({ full_name: 'x'.repeat(201), preferred_language: 'en' }).success).toBe(false);
    expect(profileSchema.safeParse({ full_name: 'Sara', preferred_language: 'fr' }).success).toBe(false);
  });

  it('shows English for Spanish until it is translated', () => {
    expect(uiLanguageFor('es')).toBe('en');
    expect(uiLanguageFor('ar')).toBe('ar');
    expect(uiLanguageFor('en')).toBe('en');
  });
});

describe('contact change schemas', () => {
  it('sends a phone as E.164 and refuses what is not a mobile', () => {
    expect(phoneChangeSchema.parse({ phone: '0551234567' }).phone).toBe('+966551234567');
    expect(phoneChangeSchema.safeParse({ phone: '12' }).success).toBe(false);
  });

  it('sends an e-mail in lower case and refuses a malformed one', () => {
    expect(emailChangeSchema.parse({ email: ' Sara@Example.COM ' }).email).toBe('sara@example.com');
    expect(emailChangeSchema.safeParse({ email: 'sara@' }).success).toBe(false);
  });

  it('reads a 6-digit code typed with Arabic digits', () => {
    expect(changeCodeSchema.parse({ code: '١٢٣ ٤٥٦' }).code).toBe('123456');
    expect(changeCodeSchema.safeParse({ code: '12345' }).success).toBe(false);
  });
});
