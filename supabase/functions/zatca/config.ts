// Where ZATCA is: ZATCA_BASE_URL, e.g. https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal
// (or /simulation, /core) on hosted (`supabase secrets set`), the stack's sandbox locally. Its last
// segment is the environment, which decides the certificate template a CSR names.
import type { ZatcaEnvironment } from '../_shared/zatca/mod.ts';
import { HttpProblem } from './http.ts';

export type ApiEnvironment = 'developer-portal' | 'simulation' | 'core';

export interface ZatcaConfig {
  baseUrl: string;
  /** The path segment of the base URL (the einvoicing_devices.environment value). */
  environment: ApiEnvironment;
  /** The CSR library's name for it ('core' is production). */
  csrEnvironment: ZatcaEnvironment;
}

export function zatcaConfig(): ZatcaConfig {
  const baseUrl = (Deno.env.get('ZATCA_BASE_URL') ?? '').trim().replace(/\/+$/, '');
  const environment = /\/e-invoicing\/(developer-portal|simulation|core)$/.exec(baseUrl)?.[1] as
    ApiEnvironment | undefined;
  if (!baseUrl || !environment) {
    throw new HttpProblem(
      503,
      'zatca_not_configured',
      'ZATCA_BASE_URL is not set to …/e-invoicing/developer-portal, /simulation or /core',
    );
  }
  return {
    baseUrl,
    environment,
    csrEnvironment: environment === 'core' ? 'production' : environment,
  };
}
