// Onboarding an organisation's EGS unit with ZATCA (docs/zatca.md, "Onboarding"; ZATCA's published
// flow): key + CSR with the organisation's tax profile → compliance CSID (the taxpayer's OTP from
// the FATOORA portal) → compliance checks with a sample of every document type the CSR declares →
// production CSID. Each step is saved on the device (private.einvoicing_devices, service role
// only): the private key and the CSID secrets never leave the server.
import {
  buildCsr,
  buildInvoice,
  generateKeyPair,
  type InvoiceInput,
  parseCertificate,
  riyadhDateTime,
  SEED_PREVIOUS_INVOICE_HASH,
  signInvoice,
} from '../_shared/zatca/mod.ts';
import type { SupabaseClient } from './clients.ts';
import type { ZatcaConfig } from './config.ts';
import { complianceCredential, type Device, saveDevice } from './devices.ts';
import { utf8ToBase64 } from './encoding.ts';
import { HttpProblem } from './http.ts';
import { certificateOfToken, describeAnswer, type ZatcaAnswer, type ZatcaApi } from './zatca-api.ts';

interface TaxProfile {
  name: string;
  legal_name_ar: string | null;
  legal_name_en: string | null;
  vat_number: string | null;
  commercial_registration: string | null;
  address_street: string | null;
  address_building_number: string | null;
  address_additional_number: string | null;
  address_district: string | null;
  address_city: string | null;
  address_postal_code: string | null;
}

const PROFILE_CHECKS: Array<[keyof TaxProfile, (v: string) => boolean]> = [
  ['legal_name_ar', (v) => v.trim().length > 0],
  ['vat_number', (v) => /^3\d{13}3$/.test(v)],
  ['commercial_registration', (v) => /^\d{10}$/.test(v)],
  ['address_street', (v) => v.trim().length > 0],
  ['address_building_number', (v) => /^\d{4}$/.test(v)],
  ['address_district', (v) => v.trim().length > 0],
  ['address_city', (v) => v.trim().length > 0],
  ['address_postal_code', (v) => /^\d{5}$/.test(v)],
];

/** The documents the CSR declares (title 1100: standard and simplified), each a compliance sample. */
const SAMPLES: Array<[InvoiceInput['kind'], InvoiceInput['documentType']]> = [
  ['standard', 'invoice'],
  ['standard', 'credit_note'],
  ['standard', 'debit_note'],
  ['simplified', 'invoice'],
  ['simplified', 'credit_note'],
  ['simplified', 'debit_note'],
];

async function taxProfile(db: SupabaseClient, organizationId: string): Promise<TaxProfile> {
  const { data, error } = await db
    .from('organizations')
    .select(
      'name, legal_name_ar, legal_name_en, vat_number, commercial_registration, address_street, address_building_number, address_additional_number, address_district, address_city, address_postal_code',
    )
    .eq('id', organizationId)
    .single();
  if (error) throw new Error(`organizations: ${error.message}`);
  const profile = data as TaxProfile;
  const missing = PROFILE_CHECKS.filter(([key, ok]) => !ok(String(profile[key] ?? ''))).map(([key]) => key);
  if (missing.length) {
    throw new HttpProblem(400, 'tax_profile_incomplete', 'Complete the tax profile before onboarding with ZATCA', {
      missing,
    });
  }
  return profile;
}

function supplierOf(p: TaxProfile): InvoiceInput['supplier'] {
  return {
    registrationName: p.legal_name_ar!.trim(),
    vatNumber: p.vat_number!,
    identification: { scheme: 'CRN', value: p.commercial_registration! },
    address: {
      street: p.address_street!.trim(),
      buildingNumber: p.address_building_number!,
      additionalNumber: p.address_additional_number ?? undefined,
      district: p.address_district!.trim(),
      city: p.address_city!.trim(),
      postalCode: p.address_postal_code!,
      countryCode: 'SA',
    },
  };
}

/** A sample of one document type for the compliance checks (never an invoice of the organisation). */
function sampleDocument(
  supplier: InvoiceInput['supplier'],
  [kind, documentType]: (typeof SAMPLES)[number],
  icv: number,
  previousInvoiceHash: string,
): InvoiceInput {
  const now = riyadhDateTime(new Date());
  return {
    kind,
    documentType,
    number: `ZATCA-COMPLIANCE-${icv}`,
    uuid: crypto.randomUUID(),
    issueDate: now.date,
    issueTime: now.time,
    icv,
    previousInvoiceHash,
    supplier,
    ...(kind === 'standard'
      ? {
          customer: {
            registrationName: 'شركة عينة لفحص الامتثال',
            vatNumber: '300000000000003',
            address: {
              street: 'King Abdulaziz Road',
              buildingNumber: '1234',
              district: 'Al Malqa',
              city: 'Riyadh',
              postalCode: '13521',
              countryCode: 'SA',
            },
          },
        }
      : {}),
    ...(documentType === 'invoice'
      ? { delivery: { actualDate: now.date } }
      : { billingReference: 'ZATCA-COMPLIANCE-1', reason: 'Compliance check sample' }),
    paymentMeansCode: '10',
    lines: [
      { name: 'إقامة ليلة واحدة (عينة)', quantity: '1', unitCode: 'DAY', unitPrice: '100', vat: { category: 'S' } },
    ],
  };
}

function csrFields(p: TaxProfile, organizationId: string, config: ZatcaConfig) {
  const vat = p.vat_number!;
  return {
    environment: config.csrEnvironment,
    commonName: `NUZL-EGS-${vat}`,
    organizationName: p.legal_name_ar!.trim().slice(0, 64),
    // A VAT group member (11th digit 1) names its 10-digit TIN; otherwise the branch (its city).
    organizationUnit: vat[10] === '1' ? vat.slice(1, 11) : p.address_city!.trim().slice(0, 64),
    vatNumber: vat,
    solutionName: 'Nuzl',
    model: '1.0',
    // One EGS unit per organisation: the same serial when it onboards again (a renewed CSID).
    serial: organizationId,
    invoiceTypes: '1100' as const,
    registeredAddress: `${p.address_building_number} ${p.address_street!.trim()}, ${p.address_city!.trim()}`.slice(
      0,
      128,
    ),
    businessCategory: 'Short-term rental accommodation',
  };
}

async function fail(
  db: SupabaseClient,
  org: string,
  device: Device,
  status: number,
  code: string,
  message: string,
  answer?: ZatcaAnswer,
): Promise<never> {
  const text = answer ? `${message}. ${describeAnswer(answer)}` : message;
  await saveDevice(db, org, { id: device.id, status: 'failed', last_error: text.slice(0, 4000) });
  throw new HttpProblem(
    status,
    code,
    message,
    answer ? { zatca: { status: answer.status, body: answer.body } } : undefined,
  );
}

const accepted = (a: ZatcaAnswer) => a.status === 200 || a.status === 202;

export async function onboard(
  db: SupabaseClient,
  api: ZatcaApi,
  config: ZatcaConfig,
  organizationId: string,
  otp: string,
): Promise<Device> {
  const profile = await taxProfile(db, organizationId);
  const keys = generateKeyPair();
  const fields = csrFields(profile, organizationId, config);
  const csr = buildCsr(fields, keys.privateKeyPem);
  let device = await saveDevice(db, organizationId, {
    environment: config.environment,
    status: 'csr_created',
    common_name: fields.commonName,
    egs_serial: `1-${fields.solutionName}|2-${fields.model}|3-${fields.serial}`,
    csr: csr.pem,
    private_key_pem: keys.privateKeyPem,
    last_error: null,
  });

  // 1. Compliance CSID.
  const issued = await api.compliance(csr.requestBody, otp);
  if (!accepted(issued) || typeof issued.body?.binarySecurityToken !== 'string') {
    const codes = JSON.stringify(issued.body?.errors ?? issued.body ?? '');
    if (issued.status === 400 && /OTP/i.test(codes)) {
      return fail(
        db,
        organizationId,
        device,
        400,
        'zatca_otp_invalid',
        'ZATCA refused the one-time password (OTP)',
        issued,
      );
    }
    if (issued.status === 0)
      return fail(db, organizationId, device, 502, 'zatca_unreachable', 'ZATCA could not be reached', issued);
    return fail(
      db,
      organizationId,
      device,
      502,
      'zatca_onboarding_failed',
      'ZATCA did not issue a compliance CSID',
      issued,
    );
  }
  const complianceCertificate = certificateOfToken(issued.body.binarySecurityToken);
  device = await saveDevice(db, organizationId, {
    id: device.id,
    status: 'compliance_csid',
    compliance_request_id: String(issued.body.requestID),
    compliance_token: issued.body.binarySecurityToken,
    compliance_secret: issued.body.secret,
    certificate: complianceCertificate,
  });

  // 2. Compliance checks: one sample of every declared document type, chained from the seed.
  const supplier = supplierOf(profile);
  let previous = SEED_PREVIOUS_INVOICE_HASH;
  const failures: Array<{ document: string; answer: string }> = [];
  for (const [index, sample] of SAMPLES.entries()) {
    const built = buildInvoice(sampleDocument(supplier, sample, index + 1, previous));
    const signed = signInvoice(built.xml, { privateKeyPem: keys.privateKeyPem, certificate: complianceCertificate });
    previous = signed.invoiceHash;
    const answer = await api.complianceInvoice(complianceCredential(device), {
      invoiceHash: signed.invoiceHash,
      uuid: built.invoice.uuid,
      invoice: utf8ToBase64(signed.xml),
    });
    const ok =
      accepted(answer) && (answer.body?.reportingStatus === 'REPORTED' || answer.body?.clearanceStatus === 'CLEARED');
    await recordComplianceCheck(db, organizationId, sample, signed.invoiceHash, built.invoice.uuid, answer, ok);
    if (!ok) failures.push({ document: `${sample[0]} ${sample[1]}`, answer: describeAnswer(answer) });
  }
  if (failures.length) {
    await saveDevice(db, organizationId, {
      id: device.id,
      status: 'failed',
      last_error: failures
        .map((f) => `${f.document}: ${f.answer}`)
        .join('\n')
        .slice(0, 4000),
    });
    throw new HttpProblem(422, 'zatca_compliance_failed', 'ZATCA refused some compliance sample documents', {
      failures,
    });
  }
  device = await saveDevice(db, organizationId, { id: device.id, status: 'compliance_checked' });

  // 3. Production CSID, for the same key.
  const production = await api.productionCsid(complianceCredential(device), device.compliance_request_id!);
  if (!accepted(production) || typeof production.body?.binarySecurityToken !== 'string') {
    return fail(
      db,
      organizationId,
      device,
      502,
      'zatca_onboarding_failed',
      'ZATCA did not issue a production CSID',
      production,
    );
  }
  const certificate = certificateOfToken(production.body.binarySecurityToken);
  return await saveDevice(db, organizationId, {
    id: device.id,
    status: 'production_csid',
    production_token: production.body.binarySecurityToken,
    production_secret: production.body.secret,
    certificate,
    certificate_expires_at: parseCertificate(certificate).notAfter.toISOString(),
    last_error: null,
  });
}

/** The compliance check of a sample, kept with the organisation's submissions (no invoice). */
async function recordComplianceCheck(
  db: SupabaseClient,
  organizationId: string,
  [kind, documentType]: (typeof SAMPLES)[number],
  invoiceHash: string,
  uuid: string,
  answer: ZatcaAnswer,
  ok: boolean,
): Promise<void> {
  const results = answer.body?.validationResults ?? {};
  const { error } = await db.from('einvoicing_submissions').insert({
    organization_id: organizationId,
    kind: 'compliance',
    status: ok ? (kind === 'standard' ? 'cleared' : 'reported') : 'rejected',
    attempts: 1,
    last_attempt_at: new Date().toISOString(),
    completed_at: ok ? new Date().toISOString() : null,
    http_status: answer.status || null,
    request: { endpoint: '/compliance/invoices', kind, document_type: documentType, invoice_hash: invoiceHash, uuid },
    response: answer.body && typeof answer.body === 'object' ? answer.body : null,
    warnings: Array.isArray(results.warningMessages) ? results.warningMessages : [],
    errors: Array.isArray(results.errorMessages) ? results.errorMessages : [],
    last_error: ok ? null : describeAnswer(answer),
  });
  if (error) throw new Error(`einvoicing_submissions (compliance): ${error.message}`);
}
