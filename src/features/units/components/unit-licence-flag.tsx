import { useOrganizationSettings } from '@/lib/auth';
import { todayIn } from '@/lib/format';
import { licenceStatus, needsAttention, type UnitLicence } from '../lib/licence';
import { LicenceBadge } from './unit-licence-badge';

/** The units list's flag: shown only when the licence needs attention (missing, expired, expiring). */
export function UnitLicenceFlag({ unit }: { unit: UnitLicence }) {
  const { timeZone } = useOrganizationSettings();
  const status = licenceStatus(unit, todayIn(timeZone));
  return needsAttention(status) ? <LicenceBadge status={status} /> : null;
}
