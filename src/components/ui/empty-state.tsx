import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface EmptyStateProps {
  icon?: LucideIcon;
  title: string;
  /** The title's heading level: h1 when the empty state is the whole screen. */
  titleAs?: 'h1' | 'h2' | 'h3';
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

export function EmptyState({
  icon: Icon,
  title,
  titleAs: Title = 'h2',
  description,
  action,
  className,
  'data-testid': testId,
}: EmptyStateProps) {
  return (
    <div
      data-testid={testId}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center',
        className,
      )}
    >
      {Icon ? (
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      ) : null}
      <Title className="text-lg font-semibold text-stone-900">{title}</Title>
      {description ? <div className="max-w-md text-sm text-stone-600">{description}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
