// ZATCA's e-invoicing API (FATOORA), as published (docs/zatca.md, "The sandbox"): POST {base}/compliance,
// /compliance/invoices, /production/csids, /invoices/reporting/single, /invoices/clearance/single,
// with Accept-Version V2 and Basic auth of a CSID (binarySecurityToken:secret).

export interface Credential {
  /** binarySecurityToken: Base64 of the Base64-DER certificate. */
  token: string;
  secret: string;
}

export interface DocumentSubmission {
  invoiceHash: string;
  uuid: string;
  /** Base64 of the signed XML. */
  invoice: string;
}

export interface ZatcaAnswer {
  /** HTTP status; 0 when no answer came (network failure, timeout). */
  status: number;
  // deno-lint-ignore no-explicit-any
  body: any;
  /** Why no answer came. */
  networkError?: string;
}

const TIMEOUT_MS = 30_000;

const basic = (c: Credential) => `Basic ${btoa(`${c.token}:${c.secret}`)}`;

export class ZatcaApi {
  constructor(private readonly baseUrl: string) {}

  private async post(endpoint: string, body: unknown, headers: Record<string, string>): Promise<ZatcaAnswer> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${endpoint}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Accept-Language': 'en',
          'Accept-Version': 'V2',
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      return { status: 0, body: null, networkError: (error as Error).message };
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { message: text.slice(0, 500) };
    }
    return { status: response.status, body: parsed };
  }

  /** A compliance CSID for a CSR (`csr` = Base64 of the PEM), authorised by the taxpayer's OTP. */
  compliance(csrRequestBody: string, otp: string): Promise<ZatcaAnswer> {
    return this.post('/compliance', { csr: csrRequestBody }, { OTP: otp });
  }

  complianceInvoice(credential: Credential, doc: DocumentSubmission): Promise<ZatcaAnswer> {
    return this.post('/compliance/invoices', doc, { Authorization: basic(credential) });
  }

  productionCsid(credential: Credential, complianceRequestId: string): Promise<ZatcaAnswer> {
    return this.post(
      '/production/csids',
      { compliance_request_id: complianceRequestId },
      { Authorization: basic(credential) },
    );
  }

  report(credential: Credential, doc: DocumentSubmission): Promise<ZatcaAnswer> {
    return this.post('/invoices/reporting/single', doc, { Authorization: basic(credential), 'Clearance-Status': '0' });
  }

  clear(credential: Credential, doc: DocumentSubmission): Promise<ZatcaAnswer> {
    return this.post('/invoices/clearance/single', doc, { Authorization: basic(credential), 'Clearance-Status': '1' });
  }
}

/** Base64 DER certificate inside a binarySecurityToken. */
export const certificateOfToken = (token: string): string => atob(token);

export type SubmissionOutcome = 'reported' | 'cleared' | 'rejected' | 'failed';

/**
 * What an answer to reporting or clearance means for the document:
 * - accepted (200, or 202 with warnings): reported / cleared;
 * - refused by ZATCA's rules (400 with validation errors, NOT_REPORTED / NOT_CLEARED): rejected —
 *   the document keeps its place in the chain and needs a correction, not a retry;
 * - anything else (no answer, 401/403 credentials, 429, 5xx, a 400 without validation results):
 *   failed, retried with back-off.
 */
export function outcomeOf(kind: 'reporting' | 'clearance', answer: ZatcaAnswer): SubmissionOutcome {
  const body = answer.body ?? {};
  if ((answer.status === 200 || answer.status === 202) && kind === 'reporting' && body.reportingStatus === 'REPORTED') {
    return 'reported';
  }
  if ((answer.status === 200 || answer.status === 202) && kind === 'clearance' && body.clearanceStatus === 'CLEARED') {
    return 'cleared';
  }
  const errors = body.validationResults?.errorMessages;
  if (answer.status === 400 && Array.isArray(errors) && errors.length > 0) return 'rejected';
  return 'failed';
}

/** A short text for an answer that was not an acceptance (submission last_error). */
export function describeAnswer(answer: ZatcaAnswer): string {
  if (answer.status === 0) return `ZATCA did not answer: ${answer.networkError ?? 'network error'}`;
  const body = answer.body ?? {};
  const errors = (body.validationResults?.errorMessages ?? body.errors ?? []) as Array<{
    code?: string;
    message?: string;
  }>;
  const listed = Array.isArray(errors)
    ? errors.map((e) => [e.code, e.message].filter(Boolean).join(': ')).filter(Boolean)
    : [];
  const message =
    listed.join('; ') || body.errorMessage || body.message || body.errorCategory || JSON.stringify(body).slice(0, 300);
  return `ZATCA answered ${answer.status}: ${message}`.slice(0, 4000);
}
