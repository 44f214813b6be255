/** The head as HTML for the build-time prerender of `/`, `/ar`, `/login` and `/ar/login`. */
import { headTags, SEO_ATTRIBUTE } from './tags';
import type { HeadDescription } from './types';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** `<title>`, then every tag of headTags, one per line, escaped. */
export function renderHeadHtml(head: HeadDescription): string {
  const lines = [`<title>${escapeHtml(head.title)}</title>`];
  for (const tag of headTags(head)) {
    const attributes = [...tag.attributes, [SEO_ATTRIBUTE, tag.key]]
      .map(([name, value]) => `${name}="${escapeHtml(value ?? '')}"`)
      .join(' ');
    lines.push(
      tag.name === 'script' ? `<script ${attributes}>${tag.text ?? ''}</script>` : `<${tag.name} ${attributes} />`,
    );
  }
  return lines.join('\n');
}

/**
 * An HTML page with its head replaced: the page's own `<title>`, `<meta name="description">`
 * and any earlier SEO tags removed, the rendered head inserted before `</head>`.
 */
export function injectHeadHtml(html: string, head: HeadDescription): string {
  const line = (pattern: string) => new RegExp(`[ \\t]*${pattern}[ \\t]*(?:\\r?\\n)?`, 'gi');
  const cleaned = html
    .replace(line('<title\\b[^>]*>[\\s\\S]*?</title>'), '')
    .replace(line(`<meta\\s+name=["']description["'][^>]*>`), '')
    .replace(line(`<script\\b[^>]*\\b${SEO_ATTRIBUTE}=[^>]*>[\\s\\S]*?</script>`), '')
    .replace(line(`<(?:meta|link)\\b[^>]*\\b${SEO_ATTRIBUTE}=[^>]*>`), '');
  const at = cleaned.search(/[ \t]*<\/head>/i);
  if (at < 0) throw new Error('injectHeadHtml: the page has no </head>');
  const indented = renderHeadHtml(head)
    .split('\n')
    .map((tag) => `    ${tag}`)
    .join('\n');
  return `${cleaned.slice(0, at)}${indented}\n${cleaned.slice(at)}`;
}
