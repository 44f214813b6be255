import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { toWesternDigits } from '@/lib/digits';
import { cn } from '@/lib/cn';

export const OTP_LENGTH = 6;

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the full code once all digits are in (typing, paste or SMS autofill). */
  onComplete?: (value: string) => void;
  /** Accessible name of the group, and of each box ("Digit 1 of 6"). */
  label: string;
  digitLabel: (index: number) => string;
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  describedBy?: string;
  testId?: string;
}

function digitsOf(text: string): string {
  return toWesternDigits(text).replace(/\D/g, '');
}

/**
 * Six boxes for a one-time code. The first box carries `autocomplete="one-time-code"` so the
 * phone's SMS autofill fills it; any box accepts a paste (or an autofill) of the whole code
 * and spreads it. Arrows, Home/End and Backspace move between boxes. Codes are digits, read
 * left to right in both languages, so the group is always LTR.
 */
export function OtpInput({
  value,
  onChange,
  onComplete,
  label,
  digitLabel,
  invalid,
  disabled,
  autoFocus,
  describedBy,
  testId,
}: OtpInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length: OTP_LENGTH }, (_, index) => value[index] ?? '');

  const focusBox = (index: number) => {
    const target = inputs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    target?.focus();
    target?.select();
  };

  const commit = (next: string) => {
    const clean = next.slice(0, OTP_LENGTH);
    onChange(clean);
    if (clean.length === OTP_LENGTH) onComplete?.(clean);
  };

  /** Writes `incoming` digits starting at box `index` (one typed digit, or a pasted code). */
  const fill = (index: number, incoming: string) => {
    if (!incoming) return;
    // A whole code arriving in any box (paste, autofill) replaces the code.
    if (incoming.length >= OTP_LENGTH) {
      commit(incoming.slice(0, OTP_LENGTH));
      focusBox(OTP_LENGTH - 1);
      return;
    }
    const before = value.slice(0, index).padEnd(index, ' ');
    const merged = `${before}${incoming}${value.slice(index + incoming.length)}`.replace(/\s/g, '');
    commit(merged);
    focusBox(Math.min(index + incoming.length, merged.length));
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace':
        event.preventDefault();
        if (digits[index]) {
          commit(value.slice(0, index) + value.slice(index + 1));
        } else if (index > 0) {
          commit(value.slice(0, index - 1) + value.slice(index));
          focusBox(index - 1);
        }
        break;
      case 'Delete':
        event.preventDefault();
        commit(value.slice(0, index) + value.slice(index + 1));
        break;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        break;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        break;
      case 'End':
        event.preventDefault();
        focusBox(OTP_LENGTH - 1);
        break;
      default:
        break;
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, digitsOf(event.clipboardData.getData('text')));
  };

  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      dir="ltr"
      className="flex justify-center gap-2"
      data-testid={testId}
    >
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          // Only the first box asks for the SMS code; the others would confuse autofill.
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          // The first box must take a whole autofilled/pasted code; the others take one digit.
          maxLength={index === 0 ? OTP_LENGTH : 1}
          aria-label={digitLabel(index)}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          value={digit}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => {
            const incoming = digitsOf(event.currentTarget.value);
            // Typing next to a digit already in the box: keep only the new one.
            const typed =
              digit && incoming.length === 2
                ? incoming.startsWith(digit)
                  ? incoming.slice(1)
                  : incoming.slice(0, 1)
                : incoming;
            fill(index, typed);
          }}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          className={cn(
            'size-12 rounded-md border border-stone-300 bg-white text-center text-xl font-semibold text-stone-900 tabular-nums focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-600 disabled:opacity-50 aria-invalid:border-red-600',
          )}
          data-testid={testId ? `${testId}-${index}` : undefined}
        />
      ))}
    </div>
  );
}
