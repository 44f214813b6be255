import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * The one select of the app: a styled native `<select>`. Chosen over a custom listbox on
 * purpose: keyboard (type-ahead, arrows, Home/End), screen readers and right-to-left come from
 * the browser; phones show their own picker, which fits filters and forms used on site;
 * `<optgroup>` works; and react-hook-form's `register()` binds to it directly (ref, name,
 * onChange, onBlur), as does a controlled `value`/`onChange`. The chevron sits at the inline
 * end, so it moves to the left in Arabic.
 *
 * Inside `<Field>` it receives `id`, `aria-invalid` and `aria-describedby`; on its own it needs
 * an `aria-label` (or a `<label htmlFor>`).
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <span className={cn('relative flex w-full', className)}>
      <select
        className="h-10 w-full cursor-pointer appearance-none truncate rounded-md border border-stone-300 bg-white ps-3 pe-9 text-sm text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-600 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-600"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 end-3 size-4 -translate-y-1/2 text-stone-500"
      />
    </span>
  );
}
