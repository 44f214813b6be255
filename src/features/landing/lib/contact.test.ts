import { describe, expect, it } from 'vitest';
import { contactRefusal, contactRequestArgs, EMPTY_CONTACT, validateContact } from './contact';

const filled = { name: 'Sara', phone: '', email: 'sara@example.com', message: 'Hello', consent: true };

describe('validateContact', () => {
  it('asks for everything on an empty form', () => {
    expect(validateContact(EMPTY_CONTACT, null)).toEqual({
      name: 'name_required',
      contact: 'contact_required',
      message: 'message_required',
      consent: 'consent_required',
    });
  });

  it('accepts a phone or an e-mail, each checked when typed', () => {
    expect(validateContact(filled, null)).toEqual({});
    expect(validateContact({ ...filled, email: '', phone: '0501234567' }, '+966501234567')).toEqual({});
    expect(validateContact({ ...filled, phone: '12' }, null)).toEqual({ phone: 'phone_invalid' });
    expect(validateContact({ ...filled, email: 'sara@example' }, null)).toEqual({ email: 'email_invalid' });
  });

  it('refuses text longer than the database keeps', () => {
    expect(validateContact({ ...filled, name: 'x'.repeat(121), message: 'y'.repeat(4001) }, null)).toEqual({
      name: 'too_long',
      message: 'too_long',
    });
  });
});

describe('contactRequestArgs', () => {
  it('sends trimmed values, the normalised phone and nulls for blanks', () => {
    expect(
      contactRequestArgs({ ...filled, name: ' Sara ', phone: '050 123 4567', email: ' ' }, '+966501234567', 'ar'),
    ).toEqual({ name: 'Sara', message: 'Hello', consent: true, email: null, phone: '+966501234567', language: 'ar' });
  });
});

describe('contactRefusal', () => {
  it.each([
    [0, null, { field: null, error: 'network' }],
    [429, 'contact_limit_address', { field: null, error: 'limit_address' }],
    [429, 'contact_limit_contact', { field: null, error: 'limit_contact' }],
    [400, 'phone_invalid', { field: 'phone', error: 'phone_invalid' }],
    [400, 'consent_required', { field: 'consent', error: 'consent_required' }],
    [500, null, { field: null, error: 'generic' }],
  ] as const)('status %s, key %s', (status, hint, expected) => {
    expect(contactRefusal(status, hint)).toEqual(expected);
  });
});
