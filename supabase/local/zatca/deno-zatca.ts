/**
 * Runs the Deno ZATCA library (supabase/functions/_shared/zatca/cli.ts) from Node tests, with the
 * local functions runner's flags, so the sandbox is exercised with the producer's real output.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveDenoBinary } from '../functions/deno-binary';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const CLI = path.join(root, 'supabase', 'functions', '_shared', 'zatca', 'cli.ts');

export function runZatcaCli<T>(command: 'keys-csr' | 'sign' | 'sign-xml' | 'verify', input: unknown): Promise<T> {
  const child = spawn(
    resolveDenoBinary(root),
    ['run', '--quiet', '--no-prompt', '--no-remote', '--node-modules-dir=manual', CLI, command],
    {
      cwd: root,
      env: {
        ...process.env,
        DENO_DIR: path.join(root, 'supabase', '.local', 'deno'),
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(JSON.stringify(input));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(stdout) as T)
        : reject(new Error(`zatca cli ${command} failed (${code}): ${stderr}`)),
    );
  });
}

/** CSR fields of a test EGS unit. */
export const testCsrParams = (overrides: Record<string, string> = {}) => ({
  environment: 'developer-portal',
  commonName: 'TST-886431145-399999999900003',
  organizationName: 'مؤسسة نزل للشقق المخدومة',
  organizationUnit: 'Riyadh Branch',
  vatNumber: '399999999900003',
  solutionName: 'Nuzl',
  model: '1.0',
  serial: 'egs-0001',
  invoiceTypes: '1100',
  registeredAddress: 'RRRD2929',
  businessCategory: 'Short-term rentals',
  ...overrides,
});

const SEED_PIH = 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';
let counter = 0;
const uuid = () => `6f1c4a52-2d0e-4a59-9c43-${String(++counter).padStart(12, '0')}`;

/** An invoice input for the Deno builder (3 nights + cleaning, 15 % VAT). */
export function testInvoice(
  kind: 'simplified' | 'standard',
  documentType: 'invoice' | 'credit_note' | 'debit_note',
  overrides: Record<string, unknown> = {},
) {
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString();
  return {
    kind,
    documentType,
    number: `INV-${counter + 1}`,
    uuid: uuid(),
    issueDate: today.slice(0, 10),
    issueTime: today.slice(11, 19),
    icv: 1,
    previousInvoiceHash: SEED_PIH,
    supplier: {
      registrationName: 'مؤسسة نزل للشقق المخدومة',
      vatNumber: '399999999900003',
      identification: { scheme: 'CRN', value: '1010010000' },
      address: {
        street: 'King Fahd Road',
        buildingNumber: '2322',
        district: 'Al Olaya',
        city: 'Riyadh',
        postalCode: '12211',
      },
    },
    ...(kind === 'standard'
      ? {
          customer: {
            registrationName: 'شركة الضيافة المتحدة',
            vatNumber: '399999999800003',
            address: {
              street: 'Salah Al-Din',
              buildingNumber: '1111',
              district: 'Al-Murooj',
              city: 'Riyadh',
              postalCode: '12222',
            },
          },
        }
      : {}),
    ...(documentType === 'invoice'
      ? { delivery: { actualDate: today.slice(0, 10) } }
      : {
          billingReference: 'INV-1',
          reason: documentType === 'credit_note' ? 'Early check-out' : 'Late check-out fee',
        }),
    lines: [
      { name: 'Stay, 3 nights', quantity: '3', unitCode: 'DAY', unitPrice: '450', vat: { category: 'S' } },
      { name: 'Cleaning fee', quantity: '1', unitPrice: '150', vat: { category: 'S' } },
    ],
    ...overrides,
  };
}

export interface SignedDocument {
  xml: string;
  invoiceHash: string;
  uuid: string;
  icv: number;
  qr: string;
}
