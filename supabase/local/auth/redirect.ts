/** redirect_to handling as GoTrue's isRedirectURLValid: site_url's host or an allow-listed pattern. */
import type { AuthConfig } from './config';

function globToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^/.]*';
    else if (c === '?') re += '.';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

export function isRedirectAllowed(cfg: AuthConfig, url: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  try {
    const site = new URL(cfg.siteUrl);
    // GoTrue compares host names only, so every port of the site's host is allowed.
    if (target.hostname === site.hostname) return true;
  } catch {
    // a bad site_url allows nothing by host
  }
  return cfg.additionalRedirectUrls.some((p) => p === url || globToRegExp(p).test(url));
}

/** The redirect a flow should use: the requested one if allowed, else site_url. */
export function resolveRedirect(cfg: AuthConfig, requested: string | null | undefined): string {
  return requested && isRedirectAllowed(cfg, requested) ? requested : cfg.siteUrl;
}
