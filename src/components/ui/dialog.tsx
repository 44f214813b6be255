import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentProps } from 'react';
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
  /**
   * Where the dialog is rendered (default: the body). A dialog opened from inside another one
   * passes the outer dialog's element, so its fields sit inside the outer dialog's focus trap
   * instead of fighting it for the focus.
   */
  container?: HTMLElement | null;
}

/**
 * Where the focus has been lately, for every dialog: a dialog may open after the element that
 * opened it lost the focus (the page suspended for a lazy chunk), or open as another closes (a
 * booking's details after its form), so what had the focus at opening is not always the place
 * to go back to. Bounded; only elements, never the document body.
 */
const recentFocus: HTMLElement[] = [];

// From the module's first import, before any dialog opens: the element that opens the first one
// must be in the history too.
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (!(event.target instanceof HTMLElement)) return;
      recentFocus.push(event.target);
      if (recentFocus.length > 50) recentFocus.shift();
    },
    true,
  );
}

/**
 * The last element outside `dialog` that had the focus and is still on the page. One that was
 * drawn again meanwhile (a task card moved to another column) is found by its id.
 */
function focusReturnTarget(dialog: HTMLElement | null): HTMLElement | null {
  for (let index = recentFocus.length - 1; index >= 0; index -= 1) {
    const element = recentFocus[index]!;
    if (dialog?.contains(element)) continue;
    const current = element.isConnected ? element : element.id ? document.getElementById(element.id) : null;
    if (current && !dialog?.contains(current)) return current;
  }
  return null;
}

/**
 * The element the focus went back to may be drawn again a moment later (a task card whose column
 * changed arrives with the board's refetch, after the dialog closed): the focus follows it to its
 * new copy, found by id, instead of falling to the page's start. Watched for a few seconds.
 */
function followRedraw(target: HTMLElement): void {
  const id = target.id;
  if (!id) return;
  const observer = new MutationObserver(() => {
    if (target.isConnected) return;
    observer.disconnect();
    const redrawn = document.getElementById(id);
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (redrawn && focusLost) redrawn.focus();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 3000);
}

/**
 * On close, focus goes back to the last element outside the dialog that had it. Radix alone
 * returns it only to a DialogTrigger, and dialogs opened from the URL, a table row or a calendar
 * cell have none, so the focus fell to the page's start. Radix's own behaviour stays when no
 * such element is left.
 */
export function DialogContent({
  className,
  children,
  closeLabel,
  container,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const content = useRef<HTMLDivElement | null>(null);
  return (
    <DialogPrimitive.Portal container={container ?? undefined}>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 start-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2',
          className,
        )}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const target = focusReturnTarget(content.current);
          if (!target) return;
          event.preventDefault();
          target.focus();
          followRedraw(target);
        }}
        {...props}
        // Kept after unmount: the focus goes back once the content has left the page.
        ref={(node) => {
          if (node) content.current = node;
        }}
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
