/**
 * The units list's "Needs attention" licence filter as a PostgREST `or` (issue 17): no number, no
 * expiry date, or an expiry within `days` of `today`. PostgREST ANDs it with the search's own `or`.
 * Dependency-free so the database tests check it against the real Data API.
 */
export function licenceAttentionFilter(today: string, days = 30): string {
  const horizon = new Date(`${today}T12:00:00Z`);
  horizon.setUTCDate(horizon.getUTCDate() + days);
  const until = horizon.toISOString().slice(0, 10);
  return `tourism_licence_number.is.null,tourism_licence_expires_on.is.null,tourism_licence_expires_on.lte.${until}`;
}
