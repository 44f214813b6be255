import { describe, expect, it } from 'vitest';
import {
  automationRuleFormSchema,
  EMPTY_RULE_FORM,
  EMPTY_TASK_TEMPLATE_FORM,
  ruleToFormInput,
  taskTemplateFormSchema,
  toRuleRow,
  toTaskTemplateRow,
  unknownTaskVariable,
} from './automation-schema';

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);

describe('automation rule form', () => {
  it('asks for what the action needs', () => {
    expect(issues(automationRuleFormSchema.safeParse({ ...EMPTY_RULE_FORM, name: 'x' }))).toEqual([
      'task_template_id:task_template_required',
    ]);
    expect(issues(automationRuleFormSchema.safeParse({ ...EMPTY_RULE_FORM, name: 'x', action: 'send_sms' }))).toEqual([
      'message_template_id:message_template_required',
    ]);
    expect(
      issues(
        automationRuleFormSchema.safeParse({
          ...EMPTY_RULE_FORM,
          name: 'x',
          action: 'create_invoice',
          trigger: 'invoice_overdue',
        }),
      ),
    ).toEqual(['trigger:invoice_needs_booking']);
    expect(
      issues(
        automationRuleFormSchema.safeParse({ ...EMPTY_RULE_FORM, name: 'x', action: 'notify_team', recipient: 'user' }),
      ),
    ).toEqual(['user_id:recipient_required']);
  });

  it('saves only the action’s settings and the conditions chosen, and reads them back', () => {
    const values = automationRuleFormSchema.parse({
      ...EMPTY_RULE_FORM,
      name: ' Welcome ',
      trigger: 'booking_confirmed',
      action: 'send_whatsapp',
      task_template_id: 'left-over',
      message_template_id: 'm1',
      source: 'airbnb',
    });
    const row = toRuleRow(values);
    expect(row).toEqual({
      name: 'Welcome',
      trigger: 'booking_confirmed',
      action: 'send_whatsapp',
      is_active: true,
      action_config: { message_template_id: 'm1' },
      conditions: { sources: ['airbnb'] },
    });
    const back = ruleToFormInput({ id: 'r', last_run_at: null, created_at: '', ...row });
    expect(back).toMatchObject({ message_template_id: 'm1', source: 'airbnb', unit_id: '', task_template_id: '' });
    expect(
      toRuleRow(
        automationRuleFormSchema.parse({
          ...EMPTY_RULE_FORM,
          name: 'n',
          action: 'notify_team',
          role_id: 'role-1',
          unit_id: 'u1',
        }),
      ),
    ).toMatchObject({ action_config: { role_id: 'role-1' }, conditions: { unit_ids: ['u1'] } });
  });
});

describe('task template form', () => {
  it('refuses unknown variables and a missing vendor or member', () => {
    expect(unknownTaskVariable('Clean {{unit}}', 'after {{ guest }}')).toBeNull();
    expect(unknownTaskVariable('Clean {{room}}')).toBe('room');
    const base = { ...EMPTY_TASK_TEMPLATE_FORM, name: 'T', title: 'Clean {{unit}}' };
    expect(issues(taskTemplateFormSchema.safeParse({ ...base, title_ar: 'تنظيف {{الوحدة}}' }))).toEqual([
      'title:unknown_variable',
    ]);
    expect(issues(taskTemplateFormSchema.safeParse({ ...base, assign_to: 'vendor' }))).toEqual([
      'vendor_id:vendor_required',
    ]);
    expect(issues(taskTemplateFormSchema.safeParse({ ...base, due_rule: 'hours_after', due_hours: 721 }))).toEqual([
      'due_hours:hours_range',
    ]);
  });

  it('stores only the fields its due rule and assignment use; blank Arabic is none', () => {
    const values = taskTemplateFormSchema.parse({
      ...EMPTY_TASK_TEMPLATE_FORM,
      name: 'Inspect',
      title: 'Inspect {{unit}}',
      title_ar: '  ',
      due_rule: 'hours_after',
      due_hours: '4',
      assign_to: 'staff',
      assignee_id: 'user-1',
      vendor_id: 'left-over',
    });
    expect(toTaskTemplateRow(values)).toMatchObject({
      title_ar: null,
      due_hours: 4,
      assign_to: 'staff',
      assignee_id: 'user-1',
      vendor_id: null,
      vendor_category: null,
    });
    expect(
      toTaskTemplateRow(taskTemplateFormSchema.parse({ ...EMPTY_TASK_TEMPLATE_FORM, name: 'C', title: 'C' })),
    ).toMatchObject({ due_hours: null, assign_to: 'nobody', vendor_category: null });
  });
});
