import { describe, expect, it } from 'vitest';
import { MAX_WRONG_PER_CODE, MAX_WRONG_PER_RECIPIENT, OtpAttempts, RECIPIENT_WINDOW_MS } from './otp-attempts';

describe('OtpAttempts', () => {
  it('lets a code be tried MAX_WRONG_PER_CODE times, then calls it dead', () => {
    const attempts = new OtpAttempts();
    for (let i = 0; i < MAX_WRONG_PER_CODE; i++) expect(attempts.begin('phone:1', 'code-a')).toBe('ok');
    expect(attempts.spent('code-a')).toBe(true);
    expect(attempts.begin('phone:1', 'code-a')).toBe('dead');
    // A new code for the same number starts with fresh tries (until the number is locked).
    expect(attempts.begin('phone:1', 'code-b')).toBe('ok');
  });

  it('counts a try before the comparison, so parallel guesses cannot exceed the limit', () => {
    const attempts = new OtpAttempts();
    const verdicts = Array.from({ length: 20 }, () => attempts.begin('phone:2', 'code'));
    expect(verdicts.filter((v) => v === 'ok')).toHaveLength(MAX_WRONG_PER_CODE);
    expect(verdicts.filter((v) => v === 'locked')).toHaveLength(20 - MAX_WRONG_PER_RECIPIENT);
  });

  it('locks a recipient after MAX_WRONG_PER_RECIPIENT tries for the window, then lets it try again', () => {
    let now = 1_000_000;
    const attempts = new OtpAttempts(() => now);
    for (let i = 0; i < MAX_WRONG_PER_RECIPIENT; i++) attempts.begin('email:a@b.c', `code-${Math.floor(i / 5)}`);
    expect(attempts.begin('email:a@b.c', 'code-9')).toBe('locked');
    expect(attempts.begin('email:other@b.c', 'code-x')).toBe('ok');
    now += RECIPIENT_WINDOW_MS + 1;
    expect(attempts.begin('email:a@b.c', 'code-9')).toBe('ok');
  });

  it('forgets the count after the right code', () => {
    const attempts = new OtpAttempts();
    for (let i = 0; i < MAX_WRONG_PER_RECIPIENT - 1; i++) attempts.begin('phone:3', null);
    attempts.succeed('phone:3', null);
    for (let i = 0; i < MAX_WRONG_PER_RECIPIENT; i++) expect(attempts.begin('phone:3', null)).toBe('ok');
  });
});
