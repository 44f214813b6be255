import { describe, expect, it } from 'vitest';
import { loadConfig, parseConfig } from './config';
import { ROOT_DIR } from './index';

describe('config.toml', () => {
  it('fills in the Supabase CLI defaults', () => {
    const c = parseConfig('');
    expect(c.api).toEqual({
      enabled: true,
      port: 54321,
      schemas: ['public', 'graphql_public'],
      extra_search_path: ['public', 'extensions'],
      max_rows: 1000,
    });
    expect(c.db.port).toBe(54322);
    expect(c.db.seed).toEqual({ enabled: true, sql_paths: ['./seed.sql'] });
  });

  it('keeps sections it does not own and merges nested tables', () => {
    const c = parseConfig(`
project_id = "x"
[api]
max_rows = 50
[auth]
site_url = "http://127.0.0.1:5173"
[functions.hello]
verify_jwt = false
`);
    expect(c.project_id).toBe('x');
    expect(c.api.max_rows).toBe(50);
    expect(c.api.port).toBe(54321);
    expect(c.auth.site_url).toBe('http://127.0.0.1:5173');
    expect(c.functions.hello.verify_jwt).toBe(false);
  });

  it('refuses values the stack cannot use, naming the file', () => {
    expect(() => parseConfig('[api]\nmax_rows = 0', 'x.toml')).toThrow(
      'x.toml: [api] max_rows must be a positive integer',
    );
    expect(() => parseConfig('[api]\nschemas = ["public", "bad name"]', 'x.toml')).toThrow('[api] schemas');
    expect(() => parseConfig('[api\n', 'x.toml')).toThrow(/^x\.toml: /);
  });

  it("the project's config.toml parses", () => {
    const c = loadConfig(ROOT_DIR);
    expect(c.project_id).toBe('nuzl');
    expect(c.api.schemas).toContain('public');
  });
});
