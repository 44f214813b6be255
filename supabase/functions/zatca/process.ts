// Processing the queue (docs/zatca.md, "Processing"): for each organisation that can submit (a
// production CSID) and has documents due, one run at a time (its lease), documents in number order:
// claim → sign into the chain (chain.ts) → report (simplified) or clear (standard) → record the
// outcome. Failures stay in the queue with back-off (einvoicing_record_attempt); a document ZATCA
// rejects keeps its place in the chain and is marked rejected with ZATCA's errors.
import { invoiceFields } from '../_shared/zatca/mod.ts';
import { parseXml } from '../_shared/zatca/xml.ts';
import { clearedPath, signIntoChain, storeXml } from './chain.ts';
import type { SupabaseClient } from './clients.ts';
import { productionCredential, productionDevice, type Device } from './devices.ts';
import { DocumentError } from './document.ts';
import { base64ToUtf8, utf8ToBase64 } from './encoding.ts';
import { describeAnswer, outcomeOf, type ZatcaAnswer, type ZatcaApi } from './zatca-api.ts';

export interface Claimed {
  submission_id: string;
  invoice_id: string;
  organization_id: string;
  kind: 'reporting' | 'clearance';
  attempts: number;
  invoice_number: string;
}

export interface DocumentResult {
  invoice_id: string;
  invoice_number: string;
  kind: 'reporting' | 'clearance';
  outcome: 'reported' | 'cleared' | 'rejected' | 'failed' | 'queued';
  icv?: number;
  http_status?: number;
  error?: string;
}

export interface OrganizationResult {
  organization_id: string;
  /** processed; busy (another run holds the lease); not_onboarded (no production CSID: documents wait). */
  status: 'processed' | 'busy' | 'not_onboarded';
  documents: DocumentResult[];
}

const LEASE_SECONDS = 120;
const CLAIM_BATCH = 10;
/** A claimed submission is the run's for this long (then another run may take it over). */
const CLAIM_LEASE_SECONDS = 300;

/** Organisations with a submission due now (queued, failed past its back-off, or a lapsed claim). */
export async function dueOrganizations(db: SupabaseClient): Promise<string[]> {
  const now = new Date().toISOString();
  const { data, error } = await db
    .from('einvoicing_submissions')
    .select('organization_id')
    .neq('kind', 'compliance')
    .lte('next_attempt_at', now)
    .or(`status.in.(queued,failed),and(status.eq.submitted,locked_until.lte.${now})`)
    .order('created_at')
    .limit(1000);
  if (error) throw new Error(`einvoicing_submissions: ${error.message}`);
  return [...new Set((data ?? []).map((r) => r.organization_id as string))];
}

async function lease(db: SupabaseClient, org: string, holder: string, seconds: number): Promise<boolean> {
  const { data, error } = await db.rpc('zatca_worker_lease', { organization_id: org, holder, seconds });
  if (error) throw new Error(`zatca_worker_lease: ${error.message}`);
  return data === true;
}

async function record(
  db: SupabaseClient,
  submissionId: string,
  outcome: DocumentResult['outcome'],
  fields: { http_status?: number; response?: unknown; request?: unknown; error?: string } = {},
): Promise<void> {
  const { error } = await db.rpc('einvoicing_record_attempt', {
    submission_id: submissionId,
    outcome,
    http_status: fields.http_status ?? null,
    response: fields.response ?? null,
    request: fields.request ?? null,
    error: fields.error ?? null,
  });
  if (error) throw new Error(`einvoicing_record_attempt: ${error.message}`);
}

/** Signs (if needed) and submits one claimed document, and records what happened. */
async function submitOne(db: SupabaseClient, api: ZatcaApi, device: Device, claimed: Claimed): Promise<DocumentResult> {
  const base = { invoice_id: claimed.invoice_id, invoice_number: claimed.invoice_number, kind: claimed.kind };
  let signed;
  try {
    signed = await signIntoChain(db, claimed.invoice_id, {
      privateKeyPem: device.private_key_pem!,
      certificate: device.certificate!,
    });
  } catch (error) {
    const message = (error as Error).message.slice(0, 4000);
    if (!(error instanceof DocumentError)) console.error(`zatca: signing ${claimed.invoice_number} failed`, error);
    await record(db, claimed.submission_id, 'failed', { error: message });
    return { ...base, outcome: 'failed', error: message };
  }
  const submission = { invoiceHash: signed.invoiceHash, uuid: signed.uuid, invoice: utf8ToBase64(signed.xml) };
  const credential = productionCredential(device);
  const answer: ZatcaAnswer =
    claimed.kind === 'clearance' ? await api.clear(credential, submission) : await api.report(credential, submission);
  const outcome = outcomeOf(claimed.kind, answer);
  const request = {
    endpoint: claimed.kind === 'clearance' ? '/invoices/clearance/single' : '/invoices/reporting/single',
    invoice_number: signed.doc.invoice_number,
    invoice_hash: signed.invoiceHash,
    uuid: signed.uuid,
    icv: signed.icv,
    environment: device.environment,
  };
  if (outcome === 'cleared' && typeof answer.body?.clearedInvoice === 'string') {
    await keepClearedInvoice(db, signed.doc.organization_id, signed.doc.id, answer.body.clearedInvoice);
  }
  const error = outcome === 'reported' || outcome === 'cleared' ? undefined : describeAnswer(answer);
  await record(db, claimed.submission_id, outcome, {
    http_status: answer.status || undefined,
    response: answer.body && typeof answer.body === 'object' ? answer.body : null,
    request,
    error,
  });
  return { ...base, outcome, icv: signed.icv, http_status: answer.status, error };
}

/** Keeps the XML ZATCA cleared (what the buyer gets) and puts its QR on the invoice. */
async function keepClearedInvoice(db: SupabaseClient, org: string, invoiceId: string, base64: string): Promise<void> {
  const xml = base64ToUtf8(base64);
  await storeXml(db, clearedPath(org, invoiceId), xml);
  let qr: string | null = null;
  try {
    qr = invoiceFields(parseXml(xml)).qr;
  } catch (error) {
    console.error('zatca: the cleared invoice could not be read', error);
  }
  if (qr) {
    const { error } = await db.from('invoices').update({ zatca_qr_payload: qr }).eq('id', invoiceId);
    if (error) throw new Error(`invoices (cleared QR): ${error.message}`);
  }
}

/** Works through one organisation's due documents until none is left or the time is up. */
export async function processOrganization(
  db: SupabaseClient,
  api: ZatcaApi,
  organizationId: string,
  deadline: number,
): Promise<OrganizationResult> {
  const documents: DocumentResult[] = [];
  const device = await productionDevice(db, organizationId);
  if (!device) return { organization_id: organizationId, status: 'not_onboarded', documents };
  const holder = crypto.randomUUID();
  if (!(await lease(db, organizationId, holder, LEASE_SECONDS))) {
    return { organization_id: organizationId, status: 'busy', documents };
  }
  try {
    while (Date.now() < deadline) {
      const { data, error } = await db.rpc('einvoicing_claim', {
        batch_size: CLAIM_BATCH,
        lease_seconds: CLAIM_LEASE_SECONDS,
        organization_id: organizationId,
      });
      if (error) throw new Error(`einvoicing_claim: ${error.message}`);
      const claimed = (data ?? []) as Claimed[];
      if (claimed.length === 0) break;
      for (const item of claimed) {
        if (Date.now() >= deadline) {
          // Out of time: back in the queue at once rather than after the claim's lease.
          await record(db, item.submission_id, 'queued', {
            error: 'Processing time ran out; continued at the next run',
          });
          continue;
        }
        documents.push(await submitOne(db, api, device, item));
        await lease(db, organizationId, holder, LEASE_SECONDS);
      }
    }
  } finally {
    await lease(db, organizationId, holder, 0).catch(() => undefined);
  }
  return { organization_id: organizationId, status: 'processed', documents };
}

/**
 * Processes every organisation with due documents (or just `organizationId`) until `budgetMs` is
 * spent. A document that became due while its organisation's lease was held by another run is
 * picked up by that run (it claims until nothing is left) or by the next minute's run.
 */
export async function processQueue(
  db: SupabaseClient,
  api: ZatcaApi,
  options: { organizationId?: string; budgetMs?: number } = {},
): Promise<OrganizationResult[]> {
  const deadline = Date.now() + (options.budgetMs ?? 40_000);
  const organizations = options.organizationId ? [options.organizationId] : await dueOrganizations(db);
  const results: OrganizationResult[] = [];
  for (const org of organizations) {
    if (Date.now() >= deadline) break;
    results.push(await processOrganization(db, api, org, deadline));
  }
  return results;
}
