import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchBox } from './use-debounced';

describe('useSearchBox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(initial: string) {
    const onCommit = vi.fn<(text: string) => void>();
    const view = renderHook(({ url }: { url: string }) => useSearchBox(url, onCommit, 300), {
      initialProps: { url: initial },
    });
    return { onCommit, view };
  }

  it('sends the trimmed text once typing settles, not per key', () => {
    const { onCommit, view } = setup('');
    act(() => {
      view.result.current[1]('fat');
    });
    act(() => {
      vi.advanceTimersByTime(100);
    });
    act(() => {
      view.result.current[1]('fatima ');
    });
    expect(onCommit).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith('fatima');
  });

  it('the URL catching up with what was typed leaves the box alone (a trailing space survives)', () => {
    const { onCommit, view } = setup('');
    act(() => {
      view.result.current[1]('fatima ');
    });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    view.rerender({ url: 'fatima' });
    expect(view.result.current[0]).toBe('fatima ');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('a change of the URL from elsewhere (clear filters, Back) puts its text in the box and is not sent back', () => {
    const { onCommit, view } = setup('villa');
    view.rerender({ url: '' });
    expect(view.result.current[0]).toBe('');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(onCommit).not.toHaveBeenCalled();
  });
});
