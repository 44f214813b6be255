import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { createErrorId, ERROR_ID_PATTERN } from './error-id';
import { installGlobalErrorHandlers } from './error-reporting';

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

describe('createErrorId', () => {
  it('is ERR_{time}_{random}', () => {
    expect(createErrorId(1763800000000, () => 0.5)).toBe('ERR_1763800000000_i00000');
    expect(createErrorId()).toMatch(ERROR_ID_PATTERN);
    expect(createErrorId()).not.toBe(createErrorId());
  });
});

describe('installGlobalErrorHandlers', () => {
  let uninstall: () => void = () => undefined;
  afterEach(() => {
    uninstall();
    vi.restoreAllMocks();
    vi.mocked(toast.error).mockClear();
  });

  it('turns an uncaught error into an "Error Reported" toast and logs the same ID', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    uninstall = installGlobalErrorHandlers(window);
    const error = new Error('kaboom');
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'kaboom' }));

    expect(toast.error).toHaveBeenCalledTimes(1);
    const [title, options] = vi.mocked(toast.error).mock.calls[0] ?? [];
    expect(title).toBe('Error Reported');
    const description = options?.description;
    const id = /Error ID: (ERR_\d+_[0-9a-z]+)/.exec(typeof description === 'string' ? description : '')?.[1];
    expect(id).toMatch(ERROR_ID_PATTERN);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining(`Error ID: ${id}`), error);
  });

  it('does the same for an unhandled promise rejection', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    uninstall = installGlobalErrorHandlers(window);
    const reason = new Error('nobody awaited me');
    const event = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(event, { reason, promise: Promise.resolve() });
    window.dispatchEvent(event);
    expect(toast.error).toHaveBeenCalledWith(
      'Error Reported',
      expect.objectContaining({ description: expect.stringMatching(/^Error ID: ERR_/) as string }),
    );
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('Unhandled promise rejection'), reason);
  });

  it('ignores ResizeObserver noise and stops listening when uninstalled', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    uninstall = installGlobalErrorHandlers(window);
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
    );
    expect(toast.error).not.toHaveBeenCalled();
    uninstall();
    // A separate target: an error event on the real window after uninstalling would reach the test runner.
    const target = new EventTarget() as unknown as Window;
    installGlobalErrorHandlers(target)();
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('late') }));
    expect(toast.error).not.toHaveBeenCalled();
  });
});
