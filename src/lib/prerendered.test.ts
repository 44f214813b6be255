import { describe, expect, it } from 'vitest';
import { claimRoot, prerenderedNamespaces } from './prerendered';

function page(attributes: Record<string, string>, content: string) {
  const html = document.createElement('html');
  for (const [name, value] of Object.entries(attributes)) html.setAttribute(name, value);
  const root = document.createElement('div');
  root.innerHTML = content;
  return { html, root };
}

describe('claimRoot', () => {
  it('hydrates the prerendered page of this very path', () => {
    const { html, root } = page({ 'data-prerendered': '/' }, '<h1>Nuzl</h1>');
    expect(claimRoot(root, html)).toBe(true);
    expect(root.innerHTML).toBe('<h1>Nuzl</h1>');
  });

  it('throws away the landing when index.html is only the fallback of another path', () => {
    const { html, root } = page({ 'data-prerendered': '/', 'data-shell': '' }, '<h1>Nuzl</h1>');
    expect(claimRoot(root, html)).toBe(false);
    expect(root.childNodes).toHaveLength(0);
    expect(html.hasAttribute('data-shell')).toBe(false);
  });

  it('renders from scratch when nothing was prerendered', () => {
    const { html, root } = page({}, '');
    expect(claimRoot(root, html)).toBe(false);
  });
});

describe('prerenderedNamespaces', () => {
  it('reads the namespaces the prerender wrote on #root', () => {
    const root = document.createElement('div');
    root.dataset.namespaces = 'common landing validation';
    expect(prerenderedNamespaces(root)).toEqual(['common', 'landing', 'validation']);
  });

  it('is empty for a root the prerender did not write', () => {
    expect(prerenderedNamespaces(document.createElement('div'))).toEqual([]);
  });
});
