// The organisation's EGS unit ("device"): key, CSR and CSIDs in private.einvoicing_devices, read and
// written only by the service role through einvoicing_devices() / einvoicing_save_device().
import type { SupabaseClient } from './clients.ts';
import type { Credential } from './zatca-api.ts';

export interface Device {
  id: string;
  organization_id: string;
  environment: 'developer-portal' | 'simulation' | 'core';
  status: 'csr_created' | 'compliance_csid' | 'compliance_checked' | 'production_csid' | 'failed' | 'retired';
  common_name: string | null;
  egs_serial: string | null;
  csr: string | null;
  private_key_pem: string | null;
  compliance_request_id: string | null;
  compliance_token: string | null;
  compliance_secret: string | null;
  production_token: string | null;
  production_secret: string | null;
  certificate: string | null;
  certificate_expires_at: string | null;
  last_error: string | null;
}

export async function devicesOf(db: SupabaseClient, organizationId: string): Promise<Device[]> {
  const { data, error } = await db.rpc('einvoicing_devices', { organization_id: organizationId });
  if (error) throw new Error(`einvoicing_devices: ${error.message}`);
  return (data ?? []) as Device[];
}

/** The device that signs and submits: the one with a production CSID (at most one is not retired). */
export async function productionDevice(db: SupabaseClient, organizationId: string): Promise<Device | null> {
  const devices = await devicesOf(db, organizationId);
  return (
    devices.find(
      (d) => d.status === 'production_csid' && d.production_token && d.production_secret && d.private_key_pem,
    ) ?? null
  );
}

export async function saveDevice(
  db: SupabaseClient,
  organizationId: string,
  device: Partial<Device> & { id?: string },
): Promise<Device> {
  const { data, error } = await db.rpc('einvoicing_save_device', { organization_id: organizationId, device });
  if (error) throw new Error(`einvoicing_save_device: ${error.message}`);
  return data as Device;
}

export const productionCredential = (d: Device): Credential => ({
  token: d.production_token!,
  secret: d.production_secret!,
});
export const complianceCredential = (d: Device): Credential => ({
  token: d.compliance_token!,
  secret: d.compliance_secret!,
});
