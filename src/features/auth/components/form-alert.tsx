import { CircleAlert } from 'lucide-react';

/** A failure inside a form: its SPEC §8 title and, under it, the reason. */
export function FormAlert({ title, reason, testId }: { title: string; reason?: string; testId?: string }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      data-testid={testId}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        {reason ? <p className="mt-0.5">{reason}</p> : null}
      </div>
    </div>
  );
}
