import { createErrorId } from './error-id';

/**
 * Logs an error with a fresh ID and returns the ID. The console line is what support searches
 * for when a user reads the ID from the toast.
 */
export function reportError(error: unknown, source: string, id: string = createErrorId()): string {
  console.error(`[Nuzl] ${source} — Error ID: ${id}`, error);
  return id;
}
