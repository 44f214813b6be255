// Signing a document into the organisation's ICV/PIH chain (docs/zatca.md, "Processing"):
// read the chain, build with ICV = counter + 1 and PIH = last hash, sign, store the signed XML
// (private bucket einvoices, <org>/<invoice>.xml), then advance the chain by compare-and-swap
// (einvoicing_advance_chain), which also stamps ICV, PIH, hash and the Phase-2 QR on the invoice.
// Lost the race → sign again on the new state. Already signed → the recorded counter and hash are
// the truth: the stored XML is used, or rebuilt with them (the same hash) when it is missing.
import { invoiceHash, SEED_PREVIOUS_INVOICE_HASH, signInvoice } from '../_shared/zatca/mod.ts';
import type { SupabaseClient } from './clients.ts';
import { buildDocument, DocumentError, loadDocument, type StoredDocument } from './document.ts';

export const BUCKET = 'einvoices';
export const signedPath = (org: string, invoice: string) => `${org}/${invoice}.xml`;
export const clearedPath = (org: string, invoice: string) => `${org}/${invoice}.cleared.xml`;

export interface SigningKey {
  privateKeyPem: string;
  /** Base64 DER of the certificate the device signs with (its production CSID). */
  certificate: string;
}

export interface SignedDocument {
  doc: StoredDocument;
  xml: string;
  invoiceHash: string;
  uuid: string;
  icv: number;
}

const MAX_RACES = 20;

export async function storeXml(db: SupabaseClient, path: string, xml: string): Promise<void> {
  const { error } = await db.storage
    .from(BUCKET)
    .upload(path, new Blob([xml], { type: 'application/xml' }), { contentType: 'application/xml', upsert: true });
  if (error) throw new Error(`storing ${path}: ${error.message}`);
}

export async function readXml(db: SupabaseClient, path: string): Promise<string | null> {
  const { data, error } = await db.storage.from(BUCKET).download(path);
  if (error || !data) return null;
  return await data.text();
}

/** The document's signed XML, signing it into the chain first when it has no counter yet. */
export async function signIntoChain(db: SupabaseClient, invoiceId: string, key: SigningKey): Promise<SignedDocument> {
  for (let race = 0; race < MAX_RACES; race++) {
    const doc = await loadDocument(db, invoiceId);
    if (doc.zatca_invoice_counter !== null) return await recorded(db, doc, key);
    const chain = await db
      .from('einvoicing_chains')
      .select('last_invoice_counter, last_invoice_hash')
      .eq('organization_id', doc.organization_id)
      .maybeSingle();
    if (chain.error) throw new Error(`einvoicing_chains: ${chain.error.message}`);
    const counter = Number(chain.data?.last_invoice_counter ?? 0);
    const lastHash = (chain.data?.last_invoice_hash as string | undefined) ?? SEED_PREVIOUS_INVOICE_HASH;
    const built = buildDocument(doc, counter + 1, lastHash);
    const signed = signInvoice(built.xml, key);
    // Stored before the chain moves: a document with a counter always has its XML (or can rebuild it).
    await storeXml(db, signedPath(doc.organization_id, doc.id), signed.xml);
    const { data, error } = await db.rpc('einvoicing_advance_chain', {
      organization_id: doc.organization_id,
      invoice_id: doc.id,
      expected_counter: counter,
      expected_hash: lastHash,
      new_hash: signed.invoiceHash,
      qr: signed.qr,
    });
    if (error) throw new Error(`einvoicing_advance_chain: ${error.message}`);
    const result = data as { advanced: boolean; reason?: string };
    if (result.advanced) {
      return { doc, xml: signed.xml, invoiceHash: signed.invoiceHash, uuid: doc.zatca_uuid, icv: counter + 1 };
    }
    // chain_moved: another document took the place; already_signed: this one has its place.
  }
  throw new Error(`The e-invoicing chain kept moving: ${MAX_RACES} attempts to sign ${invoiceId} lost the race`);
}

/** A document with its place in the chain: its stored XML if it matches, else rebuilt there. */
async function recorded(db: SupabaseClient, doc: StoredDocument, key: SigningKey): Promise<SignedDocument> {
  const icv = Number(doc.zatca_invoice_counter);
  const expected = doc.zatca_invoice_hash!;
  const path = signedPath(doc.organization_id, doc.id);
  const stored = await readXml(db, path);
  if (stored && safeHash(stored) === expected) {
    return { doc, xml: stored, invoiceHash: expected, uuid: doc.zatca_uuid, icv };
  }
  // The upload was lost (or overwritten by a run that lost the race): the same content at the same
  // place gives the same hash, so sign it again there.
  const built = buildDocument(doc, icv, doc.zatca_previous_invoice_hash ?? SEED_PREVIOUS_INVOICE_HASH);
  const signed = signInvoice(built.xml, key);
  if (signed.invoiceHash !== expected) {
    throw new DocumentError(
      `Rebuilding ${doc.invoice_number} at ICV ${icv} gives the hash ${signed.invoiceHash}, not the recorded ${expected}`,
    );
  }
  await storeXml(db, path, signed.xml);
  const qr = await db.from('invoices').update({ zatca_qr_payload: signed.qr }).eq('id', doc.id);
  if (qr.error) throw new Error(`invoices (QR): ${qr.error.message}`);
  return { doc, xml: signed.xml, invoiceHash: expected, uuid: doc.zatca_uuid, icv };
}

function safeHash(xml: string): string | null {
  try {
    return invoiceHash(xml);
  } catch {
    return null;
  }
}
