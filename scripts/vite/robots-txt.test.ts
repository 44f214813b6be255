import type { ResolvedConfig } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { robotsTxt } from './robots-txt';

type Hook = (this: unknown, ...args: unknown[]) => unknown;

function build(env: Record<string, string>, ssr = false) {
  const plugin = robotsTxt();
  const warn = vi.fn();
  const config = { env, command: 'build', build: { ssr }, logger: { warn } } as unknown as ResolvedConfig;
  (plugin.configResolved as Hook).call({}, config);
  const emitFile = vi.fn();
  (plugin.generateBundle as Hook).call({ emitFile }, {}, {}, false);
  return { emitFile, warn };
}

describe('robotsTxt plugin', () => {
  it("writes robots.txt into the build, naming the project's sitemap function", () => {
    const { emitFile, warn } = build({ VITE_SUPABASE_URL: 'https://abc.supabase.co/' });
    expect(emitFile).toHaveBeenCalledTimes(1);
    const [asset] = emitFile.mock.calls[0] as [{ type: string; fileName: string; source: string }];
    expect(asset).toMatchObject({ type: 'asset', fileName: 'robots.txt' });
    expect(asset.source).toContain('Sitemap: https://abc.supabase.co/functions/v1/sitemap\n');
    expect(asset.source).toContain('Disallow: /dashboard/');
    expect(warn).not.toHaveBeenCalled();
  });

  it('leaves the sitemap out, and says so, without VITE_SUPABASE_URL', () => {
    const { emitFile, warn } = build({});
    const [asset] = emitFile.mock.calls[0] as [{ source: string }];
    expect(asset.source).not.toContain('Sitemap:');
    expect(warn).toHaveBeenCalledOnce();
  });

  it('writes nothing into a server (SSR) build', () => {
    expect(build({ VITE_SUPABASE_URL: 'https://abc.supabase.co' }, true).emitFile).not.toHaveBeenCalled();
  });
});
