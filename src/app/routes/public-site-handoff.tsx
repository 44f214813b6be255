import { useEffect } from 'react';

/**
 * `/org/<slug>` is not a screen of the app: index.html's loader serves it with its own lean entry
 * (src/public-site-entry.tsx, issue 12). When a link inside the app leads there, this loads the
 * page for real, keeping the URL the link went to.
 */
export function PublicSiteHandoff() {
  useEffect(() => {
    window.location.reload();
  }, []);
  return null;
}
