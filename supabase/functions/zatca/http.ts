// Answers of the zatca function: JSON with CORS (the app calls it from the browser), and errors as
// {code, message} with a stable code the app translates (docs/zatca.md, "The zatca function").
import { corsHeaders } from '../_shared/cors.ts';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

export function problem(status: number, code: string, message: string, details?: unknown): Response {
  return json(status, details === undefined ? { code, message } : { code, message, details });
}

/** A refusal thrown from deep inside a route, answered as problem(). */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
  toResponse(): Response {
    return problem(this.status, this.code, this.message, this.details);
  }
}

export const notFound = () => new HttpProblem(404, 'not_found', 'Not found');
