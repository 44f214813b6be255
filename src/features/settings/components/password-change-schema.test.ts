import { describe, expect, it } from 'vitest';
import { passwordChangeSchema } from './password-change-schema';

const messages = (values: Record<string, string>) =>
  passwordChangeSchema.safeParse(values).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('passwordChangeSchema (SPEC §5: current, new and confirm)', () => {
  it('accepts a valid change', () => {
    expect(
      passwordChangeSchema.safeParse({ current: 'old-pass1', password: 'new-pass22', confirm: 'new-pass22' }).success,
    ).toBe(true);
  });
  it('requires all three fields', () => {
    expect(messages({ current: '', password: '', confirm: '' })).toEqual(
      expect.arrayContaining([
        'current:common:validation.required',
        'password:common:validation.required',
        'confirm:common:validation.required',
      ]),
    );
  });
  it('applies the shared rules, the confirmation and "different from the current one"', () => {
    expect(messages({ current: 'a', password: 'short1', confirm: 'short1' })).toContain(
      'password:common:validation.password_rules',
    );
    expect(messages({ current: 'a', password: 'longenough', confirm: 'longenough' })).toContain(
      'password:common:validation.password_rules',
    );
    expect(messages({ current: 'a', password: 'new-pass22', confirm: 'new-pass23' })).toContain(
      'confirm:common:validation.password_mismatch',
    );
    expect(messages({ current: 'same-pass1', password: 'same-pass1', confirm: 'same-pass1' })).toContain(
      'password:common:validation.password_same',
    );
  });
});
