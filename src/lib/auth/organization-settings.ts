import { useMemo } from 'react';
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, isCurrency, type Currency } from '@/lib/format';
import { useOptionalAuth } from './auth-provider';
import type { AccountOrganization } from './load-account';

export interface OrganizationSettings {
  /** The organisation's time zone: "today", due dates and every shown time. */
  timeZone: string;
  /** The currency of the organisation's own prices (units, bookings, guests' stays). */
  currency: Currency;
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The signed-in organisation's settings, with the Kingdom's defaults until it is known (and for
 * accounts without one). Loaded once with the account (lib/auth/load-account.ts).
 */
export function organizationSettings(
  organization: Pick<AccountOrganization, 'default_timezone' | 'default_currency'> | null,
): OrganizationSettings {
  const timeZone = organization?.default_timezone;
  const currency = organization?.default_currency;
  return {
    timeZone: timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE,
    currency: isCurrency(currency) ? currency : DEFAULT_CURRENCY,
  };
}

/** The signed-in organisation's settings; the defaults outside an AuthProvider too. */
export function useOrganizationSettings(): OrganizationSettings {
  const organization = useOptionalAuth()?.organization;
  const timeZone = organization?.default_timezone;
  const currency = organization?.default_currency;
  return useMemo(
    () =>
      organizationSettings(timeZone && currency ? { default_timezone: timeZone, default_currency: currency } : null),
    [timeZone, currency],
  );
}
