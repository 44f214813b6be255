// Every npm package the ZATCA library uses, in one place. The versions are pinned to the exact
// devDependencies in package.json: the local runner resolves `npm:` specifiers from the project's
// node_modules (--node-modules-dir=manual) and refuses a version that is not installed; hosted
// Supabase fetches the same versions from the registry.
export { secp256k1 } from 'npm:@noble/curves@2.4.0/secp256k1.js';
export { sha256 } from 'npm:@noble/hashes@2.4.0/sha2.js';
export { DOMParser, XMLSerializer } from 'npm:@xmldom/xmldom@0.9.12';
export type { Document, Element, Node } from 'npm:@xmldom/xmldom@0.9.12';
export { AsnConvert, OctetString } from 'npm:@peculiar/asn1-schema@2.11.1';
export * as x509 from 'npm:@peculiar/asn1-x509@2.11.1';
export * as pkcs10 from 'npm:@peculiar/asn1-csr@2.11.1';
export * as ecc from 'npm:@peculiar/asn1-ecc@2.11.1';
export * as pkcs8 from 'npm:@peculiar/asn1-pkcs8@2.11.1';
export { z } from 'npm:zod@^4.6.7';
