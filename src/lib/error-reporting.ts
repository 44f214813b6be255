import { toast } from 'sonner';
import { i18n } from './i18n';
import { reportError } from './report-error';

export { reportError };

/** SPEC §8: the toast titled "Error Reported" with "Error ID: ERR_…". */
export function showErrorReportedToast(id: string): void {
  toast.error(i18n.t('errors.reported_title', { ns: 'common' }), {
    id,
    description: i18n.t('errors.reported_id', { ns: 'common', id }),
  });
}

/** Browser noise that is not a failure of ours and must not alarm anyone. */
const IGNORED_MESSAGES = [/ResizeObserver loop/i];

function isIgnored(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return IGNORED_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Catches what nothing else caught: uncaught exceptions (`error`) and rejected promises nobody
 * awaited (`unhandledrejection`). Returns a function that removes the listeners.
 */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const handleError = (event: ErrorEvent) => {
    const error: unknown = event.error ?? event.message;
    if (isIgnored(error)) return;
    showErrorReportedToast(reportError(error, 'Uncaught error'));
  };
  const handleRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    if (isIgnored(reason)) return;
    showErrorReportedToast(reportError(reason, 'Unhandled promise rejection'));
  };
  target.addEventListener('error', handleError);
  target.addEventListener('unhandledrejection', handleRejection);
  return () => {
    target.removeEventListener('error', handleError);
    target.removeEventListener('unhandledrejection', handleRejection);
  };
}
