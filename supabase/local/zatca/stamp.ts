/**
 * Clearance stamp: what the sandbox does to a standard invoice it clears, as ZATCA does ("validate the
 * invoice, sign it and apply a QR code"): the signature block is replaced by one made with the
 * sandbox's stamping certificate, and the QR by tags 1–8 over that stamp. The invoice hash does not
 * change (both parts are outside it) and the result verifies with the sandbox CA as issuer.
 */
import { createHash, type KeyObject, sign, type X509Certificate } from 'node:crypto';
import { encodeTlv } from './tlv';
import { computeInvoiceHash } from './verify';
import { invoiceFacts, parseInvoiceXml } from './xml';

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const XADES = 'http://uri.etsi.org/01903/v1.3.2#';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const EXT = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';

const hexBase64 = (text: string) => Buffer.from(createHash('sha256').update(text).digest('hex')).toString('base64');
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface Stamp {
  certificate: X509Certificate;
  privateKey: KeyObject;
}

/** SignedProperties text, with or without the namespace declarations ZATCA's digest includes. */
function signedProperties(
  time: string,
  certDigest: string,
  issuer: string,
  serial: string,
  forDigest: boolean,
): string {
  const x = forDigest ? ` xmlns:xades="${XADES}"` : '';
  const d = forDigest ? ` xmlns:ds="${DS}"` : '';
  const i = (n: number) => `\n${' '.repeat(28 + n * 4)}`;
  return (
    `<xades:SignedProperties${x} Id="xadesSignedProperties">` +
    `${i(1)}<xades:SignedSignatureProperties>${i(2)}<xades:SigningTime>${time}</xades:SigningTime>` +
    `${i(2)}<xades:SigningCertificate>${i(3)}<xades:Cert>${i(4)}<xades:CertDigest>` +
    `${i(5)}<ds:DigestMethod${d} Algorithm="${SHA256}"/>${i(5)}<ds:DigestValue${d}>${certDigest}</ds:DigestValue>` +
    `${i(4)}</xades:CertDigest>${i(4)}<xades:IssuerSerial>` +
    `${i(5)}<ds:X509IssuerName${d}>${escape(issuer)}</ds:X509IssuerName>${i(5)}<ds:X509SerialNumber${d}>${serial}</ds:X509SerialNumber>` +
    `${i(4)}</xades:IssuerSerial>${i(3)}</xades:Cert>${i(2)}</xades:SigningCertificate>${i(1)}</xades:SignedSignatureProperties>` +
    `${i(0)}</xades:SignedProperties>`
  );
}

function signatureBlock(hash: string, signature: string, stamp: Stamp, time: string): string {
  const certificate = stamp.certificate.raw.toString('base64');
  const issuer = stamp.certificate.issuer.split('\n').reverse().join(', ');
  const serial = BigInt(`0x${stamp.certificate.serialNumber}`).toString(10);
  const certDigest = hexBase64(certificate);
  const propertiesDigest = hexBase64(signedProperties(time, certDigest, issuer, serial, true));
  const xpath = (expression: string) =>
    `\n                                <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">\n                                    <ds:XPath>${expression}</ds:XPath>\n                                </ds:Transform>`;
  return `<ext:UBLExtensions><ext:UBLExtension>
    <ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI>
    <ext:ExtensionContent>
        <sig:UBLDocumentSignatures xmlns:sig="urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2" xmlns:sac="urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2" xmlns:sbc="urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2">
            <sac:SignatureInformation>
                <cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID>
                <sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>
                <ds:Signature xmlns:ds="${DS}" Id="signature">
                    <ds:SignedInfo>
                        <ds:CanonicalizationMethod Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                        <ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>
                        <ds:Reference Id="invoiceSignedData" URI="">
                            <ds:Transforms>${xpath('not(//ancestor-or-self::ext:UBLExtensions)')}${xpath('not(//ancestor-or-self::cac:Signature)')}${xpath("not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])")}
                                <ds:Transform Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                            </ds:Transforms>
                            <ds:DigestMethod Algorithm="${SHA256}"/>
                            <ds:DigestValue>${hash}</ds:DigestValue>
                        </ds:Reference>
                        <ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">
                            <ds:DigestMethod Algorithm="${SHA256}"/>
                            <ds:DigestValue>${propertiesDigest}</ds:DigestValue>
                        </ds:Reference>
                    </ds:SignedInfo>
                    <ds:SignatureValue>${signature}</ds:SignatureValue>
                    <ds:KeyInfo>
                        <ds:X509Data>
                            <ds:X509Certificate>${certificate}</ds:X509Certificate>
                        </ds:X509Data>
                    </ds:KeyInfo>
                    <ds:Object>
                        <xades:QualifyingProperties xmlns:xades="${XADES}" Target="signature">
                            ${signedProperties(time, certDigest, issuer, serial, false)}
                        </xades:QualifyingProperties>
                    </ds:Object>
                </ds:Signature>
            </sac:SignatureInformation>
        </sig:UBLDocumentSignatures>
    </ext:ExtensionContent>
</ext:UBLExtension>
</ext:UBLExtensions>`;
}

/** Stamps a (validated) standard invoice; `now` fixes the signing time (Riyadh local time). */
export function stampInvoice(xml: string, stamp: Stamp, now = new Date()): string {
  const hash = computeInvoiceHash(xml);
  const facts = invoiceFacts(parseInvoiceXml(xml));
  const signature = sign('sha256', Buffer.from(hash, 'base64'), stamp.privateKey).toString('base64');
  const time = new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 19);
  const qr = encodeTlv([
    [1, facts.sellerName],
    [2, facts.sellerVat],
    [3, `${facts.issueDate}T${facts.issueTime}`],
    [4, facts.taxInclusiveAmount],
    [5, facts.vatTotal],
    [6, hash],
    [7, signature],
    [8, stamp.certificate.publicKey.export({ type: 'spki', format: 'der' })],
  ]);
  let block = signatureBlock(hash, signature, stamp, time);
  const start = xml.indexOf('<ext:UBLExtensions');
  const endTag = '</ext:UBLExtensions>';
  let stamped: string;
  if (start >= 0) {
    stamped = xml.slice(0, start) + block + xml.slice(xml.indexOf(endTag, start) + endTag.length);
  } else {
    // Added without surrounding whitespace, so the hashed text stays exactly as it was.
    if (!/<Invoice\b[^>]*\sxmlns:ext=/.test(xml))
      block = block.replace('<ext:UBLExtensions>', `<ext:UBLExtensions xmlns:ext="${EXT}">`);
    stamped = xml.replace(/(<Invoice\b[^>]*>)/, `$1${block}`);
  }
  const qrObject = /(<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>)[^<]*(<)/;
  if (qrObject.test(stamped)) {
    stamped = stamped.replace(qrObject, `$1${qr}$2`);
  } else {
    const pih = /<cbc:ID>PIH<\/cbc:ID>[\s\S]*?<\/cac:AdditionalDocumentReference>/;
    if (!pih.test(stamped)) throw new Error('The invoice has no PIH reference');
    const reference = `<cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${qr}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>`;
    stamped = stamped.replace(pih, (match) => match + reference);
  }
  if (computeInvoiceHash(stamped) !== hash) throw new Error('Stamping changed the invoice hash');
  return stamped;
}
