// The routes of the public API, relative to /functions/v1/api. The handler serves exactly these,
// and openapi.ts documents exactly these (openapi.test.ts holds both to it).

export type Method = 'GET' | 'POST';

export type OperationId =
  | 'getOpenApi'
  | 'listUnits'
  | 'getUnit'
  | 'getUnitAvailability'
  | 'listBookings'
  | 'createBooking'
  | 'getBooking'
  | 'listClients'
  | 'createClient'
  | 'getClient';

export interface Route {
  method: Method;
  /** OpenAPI path template: `{id}` is one path segment. */
  path: string;
  operationId: OperationId;
  /** Whether the route needs an API key (everything but the OpenAPI document). */
  auth: boolean;
}

export const ROUTES: readonly Route[] = [
  { method: 'GET', path: '/openapi.json', operationId: 'getOpenApi', auth: false },
  { method: 'GET', path: '/v1/units', operationId: 'listUnits', auth: true },
  { method: 'GET', path: '/v1/units/{id}', operationId: 'getUnit', auth: true },
  { method: 'GET', path: '/v1/units/{id}/availability', operationId: 'getUnitAvailability', auth: true },
  { method: 'GET', path: '/v1/bookings', operationId: 'listBookings', auth: true },
  { method: 'POST', path: '/v1/bookings', operationId: 'createBooking', auth: true },
  { method: 'GET', path: '/v1/bookings/{id}', operationId: 'getBooking', auth: true },
  { method: 'GET', path: '/v1/clients', operationId: 'listClients', auth: true },
  { method: 'POST', path: '/v1/clients', operationId: 'createClient', auth: true },
  { method: 'GET', path: '/v1/clients/{id}', operationId: 'getClient', auth: true },
];

export type Match =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: Method[] }
  | { kind: 'not_found' };

function matchPath(template: string, path: string): Record<string, string> | null {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const name = /^\{(\w+)\}$/.exec(want[i]!)?.[1];
    if (name) {
      if (!got[i]) return null;
      try {
        params[name] = decodeURIComponent(got[i]!);
      } catch {
        return null;
      }
    } else if (want[i] !== got[i]) {
      return null;
    }
  }
  return params;
}

/** The route for a method and a path inside the function (`/v1/units/…`, trailing slash ignored). */
export function matchRoute(method: string, path: string): Match {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const allow: Method[] = [];
  for (const route of ROUTES) {
    const params = matchPath(route.path, clean);
    if (!params) continue;
    if (route.method === method) {
      return { kind: 'found', route, params };
    }
    allow.push(route.method);
  }
  return allow.length > 0 ? { kind: 'method_not_allowed', allow } : { kind: 'not_found' };
}
