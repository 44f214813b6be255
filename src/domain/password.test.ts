import { describe, expect, it } from 'vitest';
import { newPasswordSchema, passwordRules } from './password';

const messages = (values: Record<string, string>) =>
  newPasswordSchema.safeParse(values).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('password rules', () => {
  it('ticks each rule off on its own', () => {
    const met = (value: string) => passwordRules.filter((rule) => rule.test(value)).map((rule) => rule.id);
    expect(met('')).toEqual([]);
    expect(met('abcdefgh')).toEqual(['length', 'letter']);
    expect(met('كلمةسر12')).toEqual(['length', 'letter', 'digit']);
  });

  it('newPasswordSchema applies the rules and the confirmation', () => {
    expect(newPasswordSchema.safeParse({ password: 'new-pass22', confirm: 'new-pass22' }).success).toBe(true);
    expect(messages({ password: '', confirm: '' })).toEqual([
      'password:common:validation.required',
      'confirm:common:validation.required',
    ]);
    expect(messages({ password: 'short1', confirm: 'short1' })).toEqual(['password:common:validation.password_rules']);
    expect(messages({ password: 'new-pass22', confirm: 'new-pass23' })).toEqual([
      'confirm:common:validation.password_mismatch',
    ]);
  });
});
