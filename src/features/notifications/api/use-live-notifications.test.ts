import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UseTableChangesOptions } from '@/lib/realtime/use-table-changes';
import { INBOX_REFRESH_MS, LIVE_INBOX_REFRESH_MS, notificationKeys } from './notification-keys';
import { useLiveNotifications } from './use-live-notifications';

const realtime = vi.hoisted(() => ({ live: false, options: null as UseTableChangesOptions | null }));
vi.mock('@/lib/realtime/use-table-changes', () => ({
  useTableChanges: (options: UseTableChangesOptions) => {
    realtime.options = options;
    return { live: realtime.live };
  },
}));

describe('useLiveNotifications', () => {
  beforeEach(() => {
    realtime.live = false;
    realtime.options = null;
  });

  it("follows the organisation's notifications and refreshes the bell's count and panel", () => {
    renderHook(() => useLiveNotifications('org-1'));
    expect(realtime.options).toEqual({ table: 'notifications', scope: 'org-1', queryKeys: [notificationKeys.inbox()] });
  });

  it('polls every minute while Realtime is not connected, every five minutes while it is', () => {
    const view = renderHook(() => useLiveNotifications('org-1'));
    expect(view.result.current.refetchInterval).toBe(INBOX_REFRESH_MS);
    realtime.live = true;
    view.rerender();
    expect(view.result.current.refetchInterval).toBe(LIVE_INBOX_REFRESH_MS);
    expect(LIVE_INBOX_REFRESH_MS).toBeGreaterThan(INBOX_REFRESH_MS);
  });
});
