import { describe, expect, it } from 'vitest';
import { emptyVendorForm, vendorFormSchema } from './schemas';

describe('vendor form schema', () => {
  it('splits services on English and Arabic commas and drops blanks', () => {
    const parsed = vendorFormSchema.parse({
      ...emptyVendorForm,
      name: ' Qassim Pest ',
      categories: ['maintenance'],
      services: 'Pest control، Fumigation, , Termites',
    });
    expect(parsed).toMatchObject({
      name: 'Qassim Pest',
      services: ['Pest control', 'Fumigation', 'Termites'],
      email: null,
      phone: null,
      name_ar: null,
    });
  });

  it('needs a name and a category; an e-mail must be valid when given', () => {
    const result = vendorFormSchema.safeParse({ ...emptyVendorForm, email: 'not-an-email' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      name: 'validation.required',
      categories: 'validation.category_required',
      email: 'validation.email',
    });
  });
});
