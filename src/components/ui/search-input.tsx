import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

/**
 * A list's search box: `Input type="search"` with a magnifier at the inline start (the right in
 * Arabic). Works inside `<Field>` like any control; the `className` sizes the box.
 */
export function SearchInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <span className={cn('relative flex w-full', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-stone-500"
      />
      <Input type="search" className="ps-9" {...props} />
    </span>
  );
}
