// XML parsing and DOM lookups shared by the hash, the signer and the verifier.
import { DOMParser, type Document, type Element, type Node } from './deps.ts';

export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sig: 'urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2',
  sac: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2',
  sbc: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const CDATA_SECTION_NODE = 4;
export const PROCESSING_INSTRUCTION_NODE = 7;
export const COMMENT_NODE = 8;
export const DOCUMENT_NODE = 9;

export class XmlError extends Error {
  override name = 'XmlError';
}

/**
 * Parses XML strictly: any parser error is fatal, and a DOCTYPE is refused (an invoice never has
 * one, and refusing it rules out entity tricks).
 */
export function parseXml(xml: string): Document {
  if (/<!DOCTYPE/i.test(xml)) throw new XmlError('XML with a DOCTYPE is not accepted');
  const problems: string[] = [];
  let doc: Document;
  try {
    doc = new DOMParser({
      onError: (level: string, message: string) => {
        if (level !== 'warning') problems.push(message.split('\n')[0]);
      },
    }).parseFromString(xml, 'text/xml');
  } catch (error) {
    throw new XmlError(`Malformed XML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (problems.length > 0 || !doc.documentElement) {
    throw new XmlError(`Malformed XML: ${problems[0] ?? 'no root element'}`);
  }
  return doc;
}

export const isElement = (node: Node | null | undefined): node is Element => node?.nodeType === ELEMENT_NODE;

export function childElements(parent: Node, ns?: string, localName?: string): Element[] {
  return Array.from(parent.childNodes).filter(
    (node): node is Element =>
      isElement(node) && (!ns || node.namespaceURI === ns) && (!localName || node.localName === localName),
  );
}

export function firstChild(parent: Node, ns: string, localName: string): Element | undefined {
  return childElements(parent, ns, localName)[0];
}

/** Follows a path of {ns, name} steps through child elements; undefined if any step is missing. */
export function path(parent: Node, ...steps: Array<[ns: string, localName: string]>): Element | undefined {
  let current: Node | undefined = parent;
  for (const [ns, localName] of steps) {
    current = current && firstChild(current, ns, localName);
  }
  return current as Element | undefined;
}

export function descendants(root: Node, ns: string, localName: string): Element[] {
  const out: Element[] = [];
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (!isElement(child)) continue;
      if (child.namespaceURI === ns && child.localName === localName) out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

/** XPath string-value of an element: the concatenated text of its descendants. */
export const textOf = (node: Node | undefined): string => node?.textContent ?? '';

/** Escapes text content for XML output. */
export const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Escapes an attribute value (double quotes). */
export const escapeAttribute = (text: string): string =>
  escapeText(text).replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;');
