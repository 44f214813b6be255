import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '@/lib/errors';
import { LockRefusal } from '../api/lock-invoke';

/** The message of a lock failure: the locks function's refusal in the reader's words, or `fallback`. */
export function useLockErrorText() {
  const { t } = useTranslation('locks');
  return (error: unknown, fallback: string): string =>
    error instanceof LockRefusal ? t(`errors.${error.code}`) : `${fallback} ${getErrorMessage(error)}`.trim();
}

/** An inline alert for a lock failure (SPEC §8 wording where it has one). */
export function LockErrorAlert({ error, fallback, testId }: { error: unknown; fallback: string; testId?: string }) {
  const text = useLockErrorText();
  return (
    <p
      role="alert"
      data-testid={testId}
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      {text(error, fallback)}
    </p>
  );
}
