// Canonical XML 1.1 (http://www.w3.org/2006/12/xml-c14n11), inclusive, without comments, for a
// whole document or an element subtree, optionally leaving out element subtrees (an XPath-filter
// transform that drops an element and all its descendants keeps the surrounding text nodes, which is
// exactly what omitting the subtree from a DOM walk does).
//
// Covered: namespace declarations rendered where they first come into scope (default namespace first,
// then by prefix), xmlns="" when an element leaves a default namespace, attributes sorted by
// namespace URI then local name, the C14N escapes for text and attribute values, CDATA as text, empty
// elements as start/end pairs, processing instructions, the XML declaration and DTD dropped, comments
// dropped. Line endings and attribute whitespace are already normalised by the parser.
// Not needed for UBL and not implemented: xml:* attribute inheritance into a subtree's apex (the
// 1.0/1.1 difference), which only matters when a subtree's ancestors carry xml:lang/xml:space/xml:base.
import type { Document, Element, Node } from './deps.ts';
import { CDATA_SECTION_NODE, DOCUMENT_NODE, ELEMENT_NODE, PROCESSING_INSTRUCTION_NODE, TEXT_NODE } from './xml.ts';

const XMLNS = 'http://www.w3.org/2000/xmlns/';

export interface C14nOptions {
  /** Element subtrees to leave out of the output. */
  omit?: (element: Element) => boolean;
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');

const escapeAttribute = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Namespace declarations in scope at `element` (prefix '' = default namespace), from the root down. */
function inScopeNamespaces(element: Element): Map<string, string> {
  const chain: Element[] = [];
  for (let node: Node | null = element; node && node.nodeType === ELEMENT_NODE; node = node.parentNode) {
    chain.unshift(node as Element);
  }
  const scope = new Map<string, string>();
  for (const ancestor of chain) declare(scope, ancestor);
  return scope;
}

function declare(scope: Map<string, string>, element: Element): void {
  for (const attr of Array.from(element.attributes)) {
    if (attr.namespaceURI !== XMLNS) continue;
    scope.set(attr.prefix === 'xmlns' ? attr.localName! : '', attr.value);
  }
}

function renderElement(
  element: Element,
  scope: Map<string, string>,
  rendered: Map<string, string>,
  options: C14nOptions,
): string {
  const inScope = new Map(scope);
  declare(inScope, element);
  const renderedHere = new Map(rendered);
  const namespaces: Array<[string, string]> = [];
  for (const [prefix, uri] of inScope) {
    if (prefix === 'xml') continue;
    if (prefix === '' && uri === '') continue;
    if (rendered.get(prefix) === uri) continue;
    namespaces.push([prefix, uri]);
    renderedHere.set(prefix, uri);
  }
  // Leaving a non-empty default namespace needs an explicit undeclaration.
  if (!inScope.get('') && rendered.get('')) {
    namespaces.push(['', '']);
    renderedHere.set('', '');
  }
  namespaces.sort(([a], [b]) => byCodePoint(a, b));

  const attributes = Array.from(element.attributes)
    .filter((attr) => attr.namespaceURI !== XMLNS)
    .map((attr) => ({
      uri: attr.namespaceURI ?? '',
      local: attr.localName ?? attr.name,
      name: attr.name,
      value: attr.value,
    }))
    .sort((a, b) => byCodePoint(a.uri, b.uri) || byCodePoint(a.local, b.local));

  let out = `<${element.tagName}`;
  for (const [prefix, uri] of namespaces)
    out += prefix ? ` xmlns:${prefix}="${escapeAttribute(uri)}"` : ` xmlns="${escapeAttribute(uri)}"`;
  for (const attr of attributes) out += ` ${attr.name}="${escapeAttribute(attr.value)}"`;
  out += '>';
  out += renderChildren(element, inScope, renderedHere, options);
  return `${out}</${element.tagName}>`;
}

function renderChildren(
  parent: Node,
  scope: Map<string, string>,
  rendered: Map<string, string>,
  options: C14nOptions,
): string {
  let out = '';
  for (const child of Array.from(parent.childNodes)) {
    switch (child.nodeType) {
      case ELEMENT_NODE:
        if (!options.omit?.(child as Element)) out += renderElement(child as Element, scope, rendered, options);
        break;
      case TEXT_NODE:
      case CDATA_SECTION_NODE:
        out += escapeText(child.nodeValue ?? '');
        break;
      case PROCESSING_INSTRUCTION_NODE:
        out += renderPi(child);
        break;
      // comments (without-comments C14N) and anything else are dropped
    }
  }
  return out;
}

const renderPi = (node: Node) => `<?${node.nodeName}${node.nodeValue ? ` ${node.nodeValue}` : ''}?>`;

/** Canonical form of a document (root element plus top-level PIs) or of one element subtree. */
export function canonicalize(node: Document | Element, options: C14nOptions = {}): string {
  if (node.nodeType !== DOCUMENT_NODE) {
    const element = node as Element;
    const parentScope =
      element.parentNode && element.parentNode.nodeType === ELEMENT_NODE
        ? inScopeNamespaces(element.parentNode as Element)
        : new Map<string, string>();
    return renderElement(element, parentScope, new Map(), options);
  }
  const parts: string[] = [];
  let seenRoot = false;
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === ELEMENT_NODE) {
      seenRoot = true;
      if (!options.omit?.(child as Element)) parts.push(renderElement(child as Element, new Map(), new Map(), options));
    } else if (child.nodeType === PROCESSING_INSTRUCTION_NODE && child.nodeName !== 'xml') {
      parts.push(seenRoot ? `\n${renderPi(child)}` : `${renderPi(child)}\n`);
    }
  }
  return parts.join('');
}
