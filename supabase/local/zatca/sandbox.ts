/**
 * ZATCA (FATOORA) API sandbox for the local stack, following the published contract
 * (docs/zatca.md "Sandbox"): POST {base}/compliance, /compliance/invoices, /production/csids,
 * /invoices/reporting/single and /invoices/clearance/single, with base /e-invoicing/developer-portal
 * (or /simulation, /core: the environment decides the certificate template a CSR must name). State
 * (CSIDs, compliance progress, each EGS unit's last accepted document) lives in memory per sandbox.
 * Every request and answer is kept for received() (the outbox page and tests).
 */
import { generateKeyPairSync, randomBytes, timingSafeEqual, X509Certificate } from 'node:crypto';
import { createSandboxCa, makeName } from './ca';
import { readZatcaCsr, type ZatcaCsr } from './csr-check';
import { error, validationResults, type ValidationMessage } from './messages';
import { checkSubmission } from './rules';
import { stampInvoice } from './stamp';

export const ENVIRONMENT_TEMPLATES = {
  'developer-portal': 'TSTZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  core: 'ZATCA-Code-Signing',
} as const;
type Environment = keyof typeof ENVIRONMENT_TEMPLATES;

export interface ZatcaSandboxOptions {
  /** OTPs POST /compliance accepts (default ["123456"]); like the developer portal's, reusable. */
  otps?: string[];
  /** The sandbox clock (issue dates in the future are refused, signing times of stamps). */
  now?: () => Date;
}

export interface ReceivedRequest {
  at: string;
  method: string;
  path: string;
  /** The endpoint without the base path, e.g. "/invoices/reporting/single". */
  endpoint: string;
  headers: Record<string, string>;
  body: unknown;
  status: number;
  response: unknown;
}

/** A failure the sandbox plays on demand (tests, the local /_local/zatca page). */
export interface InjectedFailure {
  /** How many of the next matching requests fail (default 1). */
  count?: number;
  /** HTTP status of the failure (default 503). */
  status?: number;
  /** Endpoints it applies to (default: reporting and clearance), e.g. ["/invoices/reporting/single"]. */
  endpoints?: string[];
}

export interface ZatcaSandbox {
  handle(req: Request): Promise<Response>;
  received(): ReceivedRequest[];
  /** Forgets what was received (the log only; CSIDs and chains stay). */
  clearReceived(): void;
  /** Makes the next matching requests fail, as an unavailable gateway would. */
  failNext(failure?: InjectedFailure): void;
  /** Failures still to be played. */
  pendingFailures(): Required<InjectedFailure>[];
  /** Base64 DER of the sandbox CA, which issues every CSID and the clearance stamp. */
  caCertificate: string;
}

interface Credential {
  kind: 'compliance' | 'production';
  requestID: number;
  secret: string;
  certificate: X509Certificate;
  csr: ZatcaCsr;
  environment: Environment;
  /** Compliance checks passed, as "standard:388", "simplified:381"… (compliance CSIDs). */
  passed: Set<string>;
  /** The compliance CSID a production CSID was issued for. */
  complianceToken?: string;
}

const DOCUMENT_TYPES: Array<[code: string, name: string]> = [
  ['388', 'tax invoice'],
  ['381', 'credit note'],
  ['383', 'debit note'],
];
const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
/** The log keeps the newest requests only (each holds a whole invoice). */
const MAX_RECEIVED = 1000;
const riyadhDate = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

export function createZatcaSandbox(options: ZatcaSandboxOptions = {}): ZatcaSandbox {
  const otps = new Set(options.otps ?? ['123456']);
  const now = options.now ?? (() => new Date());
  const ca = createSandboxCa();
  const stampKeys = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const stamp = {
    privateKey: stampKeys.privateKey,
    certificate: new X509Certificate(
      Buffer.from(
        ca.issue({
          subject: makeName([
            ['2.5.4.6', 'SA'],
            ['2.5.4.10', 'Nuzl local stack (not ZATCA)'],
            ['2.5.4.3', 'Nuzl ZATCA Sandbox Clearance Stamp'],
          ]),
          spki: stampKeys.publicKey.export({ type: 'spki', format: 'der' }),
        }),
        'base64',
      ),
    ),
  };
  const credentials = new Map<string, Credential>();
  /** Per EGS unit (its public key): the last accepted document, for the chain warnings. */
  const lastAccepted = new Map<string, { icv: number; hash: string }>();
  const log: ReceivedRequest[] = [];
  const failures: Required<InjectedFailure>[] = [];
  let nextRequestId = 1_234_567_890_123;

  function issueCsid(kind: Credential['kind'], csr: ZatcaCsr, environment: Environment, complianceToken?: string) {
    const certificateBase64 = ca.issue({
      subject: csr.subject,
      spki: csr.spki,
      extensions: [csr.sanExtension, csr.templateExtension],
    });
    const token = Buffer.from(certificateBase64).toString('base64');
    const credential: Credential = {
      kind,
      requestID: nextRequestId++,
      secret: randomBytes(32).toString('base64'),
      certificate: new X509Certificate(Buffer.from(certificateBase64, 'base64')),
      csr,
      environment,
      passed: new Set(),
      complianceToken,
    };
    credentials.set(token, credential);
    return {
      requestID: credential.requestID,
      dispositionMessage: 'ISSUED',
      binarySecurityToken: token,
      secret: credential.secret,
      errors: null,
    };
  }

  /** Basic base64(binarySecurityToken:secret) of a CSID of the given kind, or undefined. */
  function authenticate(req: Request, kind: Credential['kind']): Credential | undefined {
    const header = req.headers.get('authorization') ?? '';
    if (!header.startsWith('Basic ')) return undefined;
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.lastIndexOf(':');
    const credential = credentials.get(decoded.slice(0, colon));
    if (!credential || credential.kind !== kind) return undefined;
    const given = Buffer.from(decoded.slice(colon + 1));
    const expected = Buffer.from(credential.secret);
    return given.length === expected.length && timingSafeEqual(given, expected) ? credential : undefined;
  }

  function compliance(req: Request, body: Record<string, unknown>, environment: Environment) {
    const otp = req.headers.get('otp');
    if (!otp) return json(400, { errors: [{ code: 'Missing-OTP', message: 'OTP is required' }] });
    if (!otps.has(otp)) return json(400, { errors: [{ code: 'Invalid-OTP', message: 'The provided OTP is invalid' }] });
    let csr: ZatcaCsr;
    try {
      csr = readZatcaCsr(body.csr, ENVIRONMENT_TEMPLATES[environment]);
    } catch (problem) {
      return json(400, {
        errorCode: '400',
        errorCategory: 'Invalid-CSR',
        errorMessage: 'The provided Certificate Signing Request (CSR) is invalid.',
        sandboxReason: (problem as Error).message,
      });
    }
    return json(200, issueCsid('compliance', csr, environment));
  }

  function productionCsid(credential: Credential, body: Record<string, unknown>) {
    if (String(body.compliance_request_id ?? '') !== String(credential.requestID)) {
      return json(400, {
        errors: [
          {
            code: 'Invalid-Request-ID',
            message: 'compliance_request_id is not the request ID of this compliance CSID',
          },
        ],
      });
    }
    const kinds = [
      credential.csr.invoiceTypes[0] === '1' && 'standard',
      credential.csr.invoiceTypes[1] === '1' && 'simplified',
    ];
    const missing = kinds
      .filter((kind): kind is string => Boolean(kind))
      .flatMap((kind) => DOCUMENT_TYPES.map(([code]) => `${kind}:${code}`))
      .filter((step) => !credential.passed.has(step));
    if (missing.length) {
      const names = missing.map(
        (step) => `${step.split(':')[0]} ${DOCUMENT_TYPES.find(([code]) => step.endsWith(code))![1]}`,
      );
      return json(400, {
        errors: [
          {
            code: 'Missing-Compliance-Steps',
            message: `The compliance checks have not passed for: ${names.join(', ')}`,
          },
        ],
      });
    }
    const token = [...credentials.entries()].find(([, c]) => c === credential)![0];
    return json(200, issueCsid('production', credential.csr, credential.environment, token));
  }

  function submit(
    credential: Credential,
    body: Record<string, unknown>,
    mode: 'compliance' | 'reporting' | 'clearance',
  ) {
    const messages: ValidationMessage[] = [];
    let xml = '';
    if (typeof body.invoice !== 'string' || typeof body.invoiceHash !== 'string' || typeof body.uuid !== 'string') {
      messages.push(
        error(
          'Invalid-Request',
          'REQUEST',
          'The body must be {"invoiceHash", "uuid", "invoice"} with the invoice in Base64',
        ),
      );
    } else {
      xml = Buffer.from(body.invoice, 'base64').toString('utf8');
    }
    const egs = credential.certificate.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const check = messages.length
      ? { messages }
      : checkSubmission({
          xml,
          bodyHash: body.invoiceHash,
          bodyUuid: body.uuid,
          csidCertificate: credential.certificate,
          csidVatNumber: credential.csr.vatNumber,
          ca: ca.certificate,
          today: riyadhDate(now()),
          previous: mode === 'compliance' ? undefined : lastAccepted.get(egs),
        });
    const facts = check.facts;
    if (facts) {
      const kind = facts.simplified ? 'simplified' : 'standard';
      if (credential.csr.invoiceTypes[facts.simplified ? 1 : 0] !== '1') {
        check.messages.push(
          error(
            'invoice-type-not-allowed',
            'CERTIFICATE_ERRORS',
            `The CSID was not issued for ${kind} invoices (invoice types ${credential.csr.invoiceTypes})`,
          ),
        );
      }
      if (mode === 'reporting' && !facts.simplified) {
        check.messages.push(
          error(
            'invoice-type',
            'REQUEST',
            'Only simplified invoices and their notes are reported; standard invoices go to clearance',
          ),
        );
      }
      if (mode === 'clearance' && facts.simplified) {
        check.messages.push(
          error(
            'invoice-type',
            'REQUEST',
            'Only standard invoices and their notes are cleared; simplified invoices are reported',
          ),
        );
      }
    }
    const results = validationResults(check.messages);
    const accepted = results.status !== 'ERROR';
    const simplified = facts?.simplified ?? mode === 'reporting';
    if (accepted && facts) {
      if (mode === 'compliance') credential.passed.add(`${simplified ? 'simplified' : 'standard'}:${facts.typeCode}`);
      else lastAccepted.set(egs, { icv: Number(facts.icv), hash: check.invoiceHash! });
    }
    const status = !accepted ? 400 : results.status === 'WARNING' && mode !== 'compliance' ? 202 : 200;
    if (mode === 'reporting')
      return json(status, { validationResults: results, reportingStatus: accepted ? 'REPORTED' : 'NOT_REPORTED' });
    if (mode === 'clearance') {
      const clearedInvoice = accepted ? Buffer.from(stampInvoice(xml, stamp, now())).toString('base64') : null;
      return json(status, {
        validationResults: results,
        clearanceStatus: accepted ? 'CLEARED' : 'NOT_CLEARED',
        clearedInvoice,
      });
    }
    return json(status, {
      validationResults: results,
      reportingStatus: simplified ? (accepted ? 'REPORTED' : 'NOT_REPORTED') : null,
      clearanceStatus: simplified ? null : accepted ? 'CLEARED' : 'NOT_CLEARED',
      qrSellertStatus: null,
      qrBuyertStatus: null,
    });
  }

  async function route(req: Request, endpoint: string, environment: Environment, body: unknown): Promise<Response> {
    const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    if (endpoint === '/compliance') return compliance(req, record, environment);
    const unauthorized = () =>
      json(401, { message: 'Unauthorized: the CSID (binarySecurityToken) and secret are missing or wrong' });
    switch (endpoint) {
      case '/compliance/invoices': {
        const credential = authenticate(req, 'compliance');
        return credential ? submit(credential, record, 'compliance') : unauthorized();
      }
      case '/production/csids': {
        const credential = authenticate(req, 'compliance');
        return credential ? productionCsid(credential, record) : unauthorized();
      }
      case '/invoices/reporting/single': {
        const credential = authenticate(req, 'production');
        return credential ? submit(credential, record, 'reporting') : unauthorized();
      }
      case '/invoices/clearance/single': {
        const credential = authenticate(req, 'production');
        if (!credential) return unauthorized();
        if (req.headers.get('clearance-status') !== '1') {
          return json(400, {
            errors: [{ code: 'Invalid-Clearance-Status', message: 'The Clearance-Status header must be 1' }],
          });
        }
        return submit(credential, record, 'clearance');
      }
      default:
        return json(404, { message: `No such ZATCA endpoint: ${endpoint}` });
    }
  }

  async function handle(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname;
    const match = /\/e-invoicing\/(developer-portal|simulation|core)(\/.*)$/.exec(path);
    const endpoint = (match?.[2] ?? path).replace(/\/+$/, '');
    const text = req.method === 'POST' ? await req.text() : '';
    let body: unknown = text;
    let response: Response;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const failure = match ? takeFailure(endpoint) : undefined;
    if (failure) {
      response = json(failure.status, {
        message: 'Service Unavailable',
        sandboxReason: 'failing on demand (failNext)',
      });
    } else if (!match) response = json(404, { message: `No such ZATCA endpoint: ${path}` });
    else if (req.method !== 'POST') response = json(405, { message: 'Method not allowed: the ZATCA API takes POST' });
    else if ((req.headers.get('accept-version') ?? '').toUpperCase() !== 'V2') {
      response = json(406, {
        message: 'This version is not supported or not provided in the header (Accept-Version: V2).',
      });
    } else if (typeof body !== 'object' || body === null)
      response = json(400, { errors: [{ code: 'Invalid-Request', message: 'The body must be a JSON object' }] });
    else response = await route(req, endpoint, match[1] as Environment, body);

    record(
      req,
      path,
      endpoint,
      body,
      response.status,
      await response
        .clone()
        .json()
        .catch(() => null),
    );
    return response;
  }

  function takeFailure(endpoint: string): Required<InjectedFailure> | undefined {
    const failure = failures.find((f) => f.endpoints.includes(endpoint));
    if (!failure) return undefined;
    failure.count -= 1;
    if (failure.count <= 0) failures.splice(failures.indexOf(failure), 1);
    return failure;
  }

  function record(req: Request, path: string, endpoint: string, body: unknown, status: number, answer: unknown) {
    const headers: Record<string, string> = {};
    req.headers.forEach((value, key) => (headers[key] = value));
    if (headers.authorization) headers.authorization = headers.authorization.replace(/^(Basic|Bearer) .+$/i, '$1 ***');
    if (headers.otp) headers.otp = '***';
    log.push({ at: now().toISOString(), method: req.method, path, endpoint, headers, body, status, response: answer });
    if (log.length > MAX_RECEIVED) log.splice(0, log.length - MAX_RECEIVED);
  }

  return {
    handle,
    received: () => log.map((entry) => structuredClone(entry)),
    clearReceived: () => {
      log.length = 0;
    },
    failNext(failure = {}) {
      failures.push({
        count: Math.max(1, Math.floor(failure.count ?? 1)),
        status: failure.status ?? 503,
        endpoints: failure.endpoints ?? ['/invoices/reporting/single', '/invoices/clearance/single'],
      });
    },
    pendingFailures: () => failures.map((f) => ({ ...f, endpoints: [...f.endpoints] })),
    caCertificate: ca.certificateBase64,
  };
}
