import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until a deadline, ticking once a second. Counting against an end time (not by
 * decrementing) keeps it right when the tab sleeps and timers are throttled.
 */
export function useCountdown(initialSeconds: number) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [remaining]);

  const restart = useCallback(
    (seconds: number = initialSeconds) => {
      const start = Date.now();
      setNow(start);
      setEndsAt(start + seconds * 1000);
    },
    [initialSeconds],
  );

  return { remaining, restart };
}
