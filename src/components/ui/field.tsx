import { useId, type ReactElement, cloneElement } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

export interface FieldProps {
  label: string;
  /** Already-translated message; when set the control is marked invalid and described by it. */
  error?: string;
  hint?: string;
  className?: string;
  /** A filter bar's field: a smaller label and gap. */
  compact?: boolean;
  /** One form control; it receives `id`, `aria-invalid` and `aria-describedby`. */
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
}

/**
 * The one form field of the app: a label, one control (Input, Select, Textarea, SearchInput, or
 * any component that passes these props to its control), and its hint or error, wired together
 * for screen readers: the label names the control, `aria-describedby` reads the hint and the
 * error, `aria-invalid` marks a refused value, and the error is announced when it appears.
 */
export function Field({ label, error, hint, className, compact = false, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col', compact ? 'gap-1' : 'gap-1.5', className)}>
      <Label htmlFor={id} className={compact ? 'text-xs' : undefined}>
        {label}
      </Label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
