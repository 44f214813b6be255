import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigationType } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { urlParam, useUrlState, type UrlStateDefinition } from './use-url-state';

const DEFINITION = {
  search: urlParam.text({ key: 'q', filter: true }),
  type: urlParam.oneOf(['all', 'villa', 'studio'] as const, 'all', { filter: true }),
  page: urlParam.page(),
  open: urlParam.flag({ key: 'new' }),
} satisfies UrlStateDefinition;

type Probe = {
  state: ReturnType<typeof useUrlState<typeof DEFINITION>>;
  location: ReturnType<typeof useLocation>;
  navigation: ReturnType<typeof useNavigationType>;
};

/** Renders the hook inside a real (memory) router; `result.current` is the latest render. */
function setup(initial: string) {
  const result = { current: null as unknown as Probe };
  function Screen() {
    result.current = { state: useUrlState(DEFINITION), location: useLocation(), navigation: useNavigationType() };
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Screen /> }], { initialEntries: [initial] });
  render(<RouterProvider router={router} />);
  return { result };
}

describe('useUrlState', () => {
  it('reads typed values with defaults from the URL', () => {
    const { result } = setup('/list?q=olaya&type=castle&page=2');
    expect(result.current.state.values).toEqual({ search: 'olaya', type: 'all', page: 2, open: false });
  });

  it('replaces the history entry by default, pushes when asked', () => {
    const { result } = setup('/list?page=2');
    act(() => result.current.state.set({ type: 'villa' }));
    expect(result.current.location.search).toBe('?type=villa');
    expect(result.current.navigation).toBe('REPLACE');
    act(() => result.current.state.set({ open: true }, { history: 'push' }));
    expect(result.current.location.search).toBe('?type=villa&new=1');
    expect(result.current.navigation).toBe('PUSH');
  });

  it('resetFilters clears the filters and the page, and keeps the rest', () => {
    const { result } = setup('/list?q=x&type=studio&page=3&new=1');
    act(() => result.current.state.resetFilters());
    expect(result.current.location.search).toBe('?new=1');
    expect(result.current.state.values).toEqual({ search: '', type: 'all', page: 1, open: true });
  });
});
