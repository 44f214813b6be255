/**
 * SPEC §9: how often a failed read is asked again — 3 times, once in debug mode. The app's queries
 * (lib/query-client.ts) and the lean public page (features/public-site) follow the same rule.
 */
export const QUERY_RETRIES = 3;
export const QUERY_RETRIES_DEBUG = 1;
