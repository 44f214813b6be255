import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A spinner with an accessible name; `label` is already translated by the caller. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-stone-600', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
