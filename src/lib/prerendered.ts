/**
 * Whose is `#root`? (issue 12; scripts/vite/public-entries.ts)
 *
 * index.html holds the prerendered landing page and is also every other path's fallback. Its
 * loader marks `<html data-shell>` when the prerendered page is not this path's; the entry then
 * clears it and renders from scratch. Returns true when `#root` is this path's own prerendered
 * page, which the entry hydrates.
 */
export function claimRoot(root: HTMLElement, html: HTMLElement = document.documentElement): boolean {
  if (html.hasAttribute('data-shell')) {
    root.replaceChildren();
    html.removeAttribute('data-shell');
    return false;
  }
  return html.hasAttribute('data-prerendered') && root.firstChild !== null;
}

/**
 * The translation namespaces the prerendered page used (written on `#root` by the prerender).
 * They are loaded before hydration so that nothing suspends while React adopts the page.
 */
export function prerenderedNamespaces(root: HTMLElement): string[] {
  return (root.dataset.namespaces ?? '').split(' ').filter(Boolean);
}
