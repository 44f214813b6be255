import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A styled native `<select>`: keyboard and screen-reader behaviour come from the browser,
 * and phones show their own picker, which suits filters and forms used on site.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full rounded-md border border-stone-300 bg-white px-3 text-sm text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-600 disabled:opacity-50 aria-invalid:border-red-600',
        className,
      )}
      {...props}
    />
  );
}
