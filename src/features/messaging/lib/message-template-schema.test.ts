import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { EMPTY_TEMPLATE_FORM, messageTemplateFormSchema, toTemplateRow } from './message-template-schema';
import { templateRefusal } from './template-refusal';

describe('messageTemplateFormSchema', () => {
  const valid = { ...EMPTY_TEMPLATE_FORM, name: ' Welcome ', body_en: 'Hi {{guest_name}}', body_ar: 'أهلًا' };

  it('trims, blanks become null, the parameters become a list of names', () => {
    const parsed = messageTemplateFormSchema.parse({
      ...valid,
      kind: 'pre_arrival',
      whatsapp_template_name: 'pre_arrival_v2',
      whatsapp_params: ' guest_name, {{door_code}} ,',
    });
    expect(toTemplateRow(parsed)).toEqual({
      name: 'Welcome',
      kind: 'pre_arrival',
      body_en: 'Hi {{guest_name}}',
      body_ar: 'أهلًا',
      subject_en: null,
      subject_ar: null,
      whatsapp_template_name: 'pre_arrival_v2',
      whatsapp_params: ['guest_name', 'door_code'],
    });
    expect(toTemplateRow(messageTemplateFormSchema.parse(valid)).kind).toBeNull();
  });

  it('refuses what the database would: empty bodies, long names, a bad WhatsApp name or parameter', () => {
    const issues = (input: object) =>
      messageTemplateFormSchema.safeParse({ ...valid, ...input }).error?.issues.map((issue) => issue.message);
    expect(issues({ body_ar: '  ' })).toEqual(['required']);
    expect(issues({ name: 'x'.repeat(81) })).toEqual(['too_long']);
    expect(issues({ whatsapp_template_name: 'Pre-Arrival' })).toEqual(['whatsapp_name']);
    expect(issues({ whatsapp_params: 'guest_name, wifi' })).toEqual(['unknown_parameter']);
  });
});

describe('templateRefusal', () => {
  it('names the variable of the database refusal, through an AppError too', () => {
    const postgrest = {
      code: 'PT400',
      message: 'Unknown template variable: {{wifi}}',
      hint: 'template_unknown_variable',
    };
    expect(templateRefusal(postgrest)).toEqual({ code: 'unknown_variable', name: 'wifi' });
    expect(templateRefusal(new AppError('invalid_input', { cause: postgrest }))).toEqual({
      code: 'unknown_variable',
      name: 'wifi',
    });
  });

  it('reads a duplicate name, and nothing else', () => {
    expect(
      templateRefusal({
        code: '23505',
        message: 'duplicate key value violates unique constraint "message_templates_name_key"',
      }),
    ).toEqual({ code: 'name_taken' });
    expect(templateRefusal({ code: '42501', message: 'permission denied' })).toBeNull();
  });
});
