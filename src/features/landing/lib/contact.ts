/**
 * The landing page's contact form (issue 12): what the visitor typed, the checks made before
 * sending (the same rules submit_contact_request() applies, migration
 * 20261126100100_contact_requests.sql), and the message for each refusal.
 *
 * No zod and no libphonenumber here: this module is part of the landing's first load. The phone
 * is read by `normalizeGuestPhone` (src/domain/phone), which the form imports only on submit.
 */

export interface ContactValues {
  name: string;
  phone: string;
  email: string;
  message: string;
  consent: boolean;
}

export type ContactField = 'name' | 'contact' | 'phone' | 'email' | 'message' | 'consent';

/** Translation keys under `landing:contact.errors`. */
export type ContactError =
  | 'name_required'
  | 'contact_required'
  | 'phone_invalid'
  | 'email_invalid'
  | 'message_required'
  | 'consent_required'
  | 'too_long'
  | 'limit_address'
  | 'limit_contact'
  | 'network'
  | 'generic';

export const EMPTY_CONTACT: ContactValues = { name: '', phone: '', email: '', message: '', consent: false };

export const CONTACT_LIMITS = { name: 120, email: 254, message: 4000 } as const;

/** The database's e-mail shape: something@domain.tld, no spaces. */
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * Field errors before sending. `phoneE164` is the phone as normalised (null: not a phone number);
 * it is only read when a phone was typed.
 */
export function validateContact(
  values: ContactValues,
  phoneE164: string | null,
): Partial<Record<ContactField, ContactError>> {
  const errors: Partial<Record<ContactField, ContactError>> = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  const message = values.message.trim();
  if (!name) errors.name = 'name_required';
  else if (name.length > CONTACT_LIMITS.name) errors.name = 'too_long';
  if (!phone && !email) errors.contact = 'contact_required';
  if (phone && !phoneE164) errors.phone = 'phone_invalid';
  if (email && (email.length > CONTACT_LIMITS.email || !EMAIL.test(email))) errors.email = 'email_invalid';
  if (!message) errors.message = 'message_required';
  else if (message.length > CONTACT_LIMITS.message) errors.message = 'too_long';
  if (!values.consent) errors.consent = 'consent_required';
  return errors;
}

/** The arguments of submit_contact_request(). */
export function contactRequestArgs(values: ContactValues, phoneE164: string | null, language: 'en' | 'ar') {
  return {
    name: values.name.trim(),
    message: values.message.trim(),
    consent: values.consent,
    email: values.email.trim() || null,
    phone: values.phone.trim() ? phoneE164 : null,
    language,
  };
}

const REFUSALS: Record<string, { field: ContactField | null; error: ContactError }> = {
  field_required: { field: null, error: 'generic' },
  contact_required: { field: 'contact', error: 'contact_required' },
  email_invalid: { field: 'email', error: 'email_invalid' },
  phone_invalid: { field: 'phone', error: 'phone_invalid' },
  consent_required: { field: 'consent', error: 'consent_required' },
  input_too_long: { field: null, error: 'too_long' },
  contact_limit_address: { field: null, error: 'limit_address' },
  contact_limit_contact: { field: null, error: 'limit_contact' },
};

/**
 * What to show for a failed send: a field's error, or one for the whole form. `status` 0 means
 * the request never reached the server; `hint` carries the database's key.
 */
export function contactRefusal(
  status: number,
  hint: string | null,
): { field: ContactField | null; error: ContactError } {
  if (status === 0) return { field: null, error: 'network' };
  const known = hint ? REFUSALS[hint] : undefined;
  if (known) return known;
  if (status === 429) return { field: null, error: 'limit_address' };
  return { field: null, error: 'generic' };
}

export type ContactRequestArgs = ReturnType<typeof contactRequestArgs>;
