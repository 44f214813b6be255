import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isDebugMode } from '@/lib/environment';

/**
 * A diagnostic switch that works in production, on purpose: support (and the browser tests)
 * can prove that crash reporting works end to end on the real build. It only acts in debug
 * mode (`?debug=1`), affects nothing but the visitor's own tab, and touches no data:
 *   /health?debug=1&simulate=crash      → a render error (the crash screen), once per load
 *   /health?debug=1&simulate=error      → an uncaught error (the "Error Reported" toast)
 *   /health?debug=1&simulate=rejection  → an unhandled promise rejection (the same toast)
 */
let crashSimulated = false;

export class SimulatedFailure extends Error {
  constructor(kind: string) {
    super(`Simulated ${kind} from /health (diagnostics)`);
    this.name = 'SimulatedFailure';
  }
}

export function SimulatedFailureTrigger() {
  const [searchParams] = useSearchParams();
  const debug = isDebugMode();
  const simulate = debug ? searchParams.get('simulate') : null;
  const [crashArmed, setCrashArmed] = useState(false);

  useEffect(() => {
    if (simulate === 'error') {
      const timer = window.setTimeout(() => {
        throw new SimulatedFailure('uncaught error');
      }, 0);
      return () => window.clearTimeout(timer);
    }
    if (simulate === 'rejection') {
      void Promise.reject(new SimulatedFailure('unhandled rejection'));
    }
    // Armed after the first commit and only once per page load, so Try Again on the crash
    // screen (which remounts this component) shows the recovered page.
    if (simulate === 'crash' && !crashSimulated) {
      crashSimulated = true;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the crash must come after a commit (see above)
      setCrashArmed(true);
    }
    return undefined;
  }, [simulate]);

  if (crashArmed) throw new SimulatedFailure('render crash');
  return null;
}
