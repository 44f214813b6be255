import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { createErrorId } from '@/lib/error-id';
import { reportError } from '@/lib/error-reporting';
import { CrashScreen } from './crash-screen';

/**
 * The router catches render errors of every route before our top-level boundary can: this
 * element shows the same crash screen. Try Again re-enters the same location, which makes the
 * router drop the error and render the route afresh.
 */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  // The router remounts this element for each new error, so one ID per mount is one per error.
  const [errorId] = useState(createErrorId);
  useEffect(() => {
    reportError(error, `Route crash at ${location.pathname}`, errorId);
  }, [error, errorId, location.pathname]);
  return (
    <CrashScreen
      error={error}
      errorId={errorId}
      onTryAgain={() => void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })}
    />
  );
}
