import { describe, expect, it } from 'vitest';
import { passwordChangeSchema } from './password-change-schema';

const messages = (values: Record<string, string>) =>
  passwordChangeSchema.safeParse(values).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('passwordChangeSchema (SPEC §5: current, new and confirm)', () => {
  it('accepts a valid change', () => {
    expect(
      passwordChangeSchema.safeParse({ current: 'old-pass1', next: 'new-pass22', confirm: 'new-pass22' }).success,
    ).toBe(true);
  });
  it('requires all three fields', () => {
    expect(messages({ current: '', next: '', confirm: '' })).toEqual(
      expect.arrayContaining([
        'current:password_change.validation.required',
        'next:password_change.validation.required',
        'confirm:password_change.validation.required',
      ]),
    );
  });
  it('applies the rules, the confirmation and "different from the current one"', () => {
    expect(messages({ current: 'a', next: 'short1', confirm: 'short1' })).toContain(
      'next:password_change.validation.rules',
    );
    expect(messages({ current: 'a', next: 'longenough', confirm: 'longenough' })).toContain(
      'next:password_change.validation.rules',
    );
    expect(messages({ current: 'a', next: 'new-pass22', confirm: 'new-pass23' })).toContain(
      'confirm:password_change.validation.mismatch',
    );
    expect(messages({ current: 'same-pass1', next: 'same-pass1', confirm: 'same-pass1' })).toContain(
      'next:password_change.validation.same',
    );
  });
});
