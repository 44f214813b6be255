import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-stone-950/50', className)} {...props} />;
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Translated accessible name of the close icon; no icon when omitted. */
  closeLabel?: string;
}

/**
 * On close, focus goes back to the last element outside the dialog that had it. Radix alone
 * returns it only to a DialogTrigger, and dialogs opened from the URL, a table row or a calendar
 * cell have none, so the focus fell to the page's start. Tracked with focusin rather than read at
 * opening: the page may suspend (a lazy chunk or namespace) and drop the focus meanwhile.
 * Radix's own behaviour stays when that element is gone (a closed menu's item).
 */
export function DialogContent({ className, children, closeLabel, onCloseAutoFocus, ...props }: DialogContentProps) {
  const instance = useId();
  const lastFocusOutside = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // By attribute, not by a ref: a field's autoFocus runs before the content's ref is attached.
    const remember = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement)) return;
      if (event.target.closest('[data-dialog-instance]')?.getAttribute('data-dialog-instance') !== instance)
        lastFocusOutside.current = event.target;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, [instance]);
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 start-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2',
          className,
        )}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = lastFocusOutside.current;
          if (event.defaultPrevented || !target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
        {...props}
        data-dialog-instance={instance}
      >
        {children}
        {closeLabel ? (
          <DialogPrimitive.Close className="absolute top-4 end-4 rounded-sm text-stone-500 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-primary-600">
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{closeLabel}</span>
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 text-start', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold text-stone-900', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-stone-600', className)} {...props} />;
}
