/**
 * How many wrong one-time codes a person may type. GoTrue itself only has the per-address
 * `/verify` limiter (30 per 5 min) and a short SMS code lifetime; the local stack adds two
 * guards so a six-digit code cannot be guessed by spreading attempts over addresses:
 * - a code dies after MAX_WRONG_PER_CODE wrong tries (the person asks for a new one);
 * - a phone number or e-mail address accepts at most MAX_WRONG_PER_RECIPIENT wrong codes per
 *   RECIPIENT_WINDOW_MS, after which even the right code is refused with 429 until the window
 *   has moved on (so guessing across many fresh codes stays bounded too).
 * Test numbers ([auth.sms.test_otp]) are exempt: their code is public by design.
 * State is in memory: a restart of the local stack forgets it, like GoTrue's own limiter.
 */

export const MAX_WRONG_PER_CODE = 5;
export const MAX_WRONG_PER_RECIPIENT = 10;
export const RECIPIENT_WINDOW_MS = 60 * 60 * 1000;
const MAX_TRACKED = 10_000;

export type AttemptVerdict = 'ok' | 'locked' | 'dead';

export class OtpAttempts {
  /** code key → wrong tries against that code (a key names one issued code). */
  private readonly perCode = new Map<string, { tries: number; at: number }>();
  /** recipient → times of unsuccessful tries inside the window. */
  private readonly perRecipient = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Call before comparing a code. Counts the try at once (as a wrong one until `succeed`), so
   * parallel requests cannot slip extra guesses past the limits. `codeKey` names the code that
   * is live for the recipient, or null when there is none.
   * - 'locked': the recipient used up its tries for the window → 429, nothing compared;
   * - 'dead': this code already had its last try → treat as expired, nothing compared;
   * - 'ok': compare the code.
   */
  begin(recipient: string, codeKey: string | null): AttemptVerdict {
    const t = this.now();
    this.prune(t);
    const failures = this.recentFailures(recipient, t);
    if (failures.length >= MAX_WRONG_PER_RECIPIENT) return 'locked';
    failures.push(t);
    this.perRecipient.set(recipient, failures);
    if (!codeKey) return 'ok';
    const entry = this.perCode.get(codeKey) ?? { tries: 0, at: t };
    if (entry.tries >= MAX_WRONG_PER_CODE) return 'dead';
    entry.tries += 1;
    entry.at = t;
    this.perCode.set(codeKey, entry);
    return 'ok';
  }

  /** True once the code has had all its tries: the caller clears it from the database. */
  spent(codeKey: string | null): boolean {
    return !!codeKey && (this.perCode.get(codeKey)?.tries ?? 0) >= MAX_WRONG_PER_CODE;
  }

  /** The right code: the person proved they hold it, so their count starts again. */
  succeed(recipient: string, codeKey: string | null): void {
    this.perRecipient.delete(recipient);
    if (codeKey) this.perCode.delete(codeKey);
  }

  private recentFailures(recipient: string, t: number): number[] {
    return (this.perRecipient.get(recipient) ?? []).filter((x) => x > t - RECIPIENT_WINDOW_MS);
  }

  /** Forgets idle entries once many are tracked, so the maps cannot grow without end. */
  private prune(t: number): void {
    if (this.perRecipient.size > MAX_TRACKED) {
      for (const [k, times] of this.perRecipient)
        if (!times.some((x) => x > t - RECIPIENT_WINDOW_MS)) this.perRecipient.delete(k);
    }
    if (this.perCode.size > MAX_TRACKED) {
      for (const [k, v] of this.perCode) if (v.at < t - RECIPIENT_WINDOW_MS) this.perCode.delete(k);
    }
  }
}
