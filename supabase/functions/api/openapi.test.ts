import { assert, assertEquals } from '../_shared/zatca/testing.ts';
import { OPENAPI } from './openapi.ts';
import { matchRoute, ROUTES } from './routes.ts';

const documented = () =>
  Object.entries(OPENAPI.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { operationId: string }>).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      operationId: op.operationId,
    })),
  );

Deno.test('every route the handler serves is documented, and every documented operation is served', () => {
  const served = ROUTES.map((r) => `${r.method} ${r.path}`).sort();
  assertEquals(
    documented()
      .map((d) => d.key)
      .sort(),
    served,
  );
  for (const { key, operationId } of documented()) {
    const route = ROUTES.find((r) => `${r.method} ${r.path}` === key);
    assertEquals(route?.operationId, operationId, key);
  }
});

Deno.test('the router reaches each documented path with a sample id', () => {
  for (const { key, operationId } of documented()) {
    const [method, path] = key.split(' ') as [string, string];
    const match = matchRoute(method, path.replace('{id}', '50000000-0000-4000-8000-000000000001'));
    assert(match.kind === 'found', key);
    assertEquals(match.route.operationId, operationId);
  }
});

Deno.test('every $ref points at a schema that exists; every authenticated operation answers 401 and 429', () => {
  const text = JSON.stringify(OPENAPI);
  for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)) {
    assert(name! in OPENAPI.components.schemas, `missing schema ${name}`);
  }
  for (const route of ROUTES.filter((r) => r.auth)) {
    const op = (OPENAPI.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[route.path]![
      route.method.toLowerCase()
    ]!;
    assert('401' in op.responses && '429' in op.responses, `${route.method} ${route.path}`);
  }
  assertEquals(OPENAPI.openapi, '3.1.0');
});
