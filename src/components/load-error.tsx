import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/errors';

/**
 * A part of a screen that could not load: what failed, the reason (SPEC §8 wording) and a retry
 * button. The screen names the retry in its own namespace and gives its test id.
 */
export function LoadError({
  title,
  error,
  onRetry,
  retryLabel,
  testId,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retryLabel: string;
  testId: string;
}) {
  return (
    <div role="alert" className="rounded-md bg-red-50 p-4 text-red-800" data-testid={testId}>
      <p className="font-semibold">{title}</p>
      <p className="text-sm">{getErrorMessage(error)}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
