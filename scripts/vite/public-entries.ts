/**
 * How the browser enters the app (issue 12, docs/performance.md "Entry points").
 *
 * index.html carries no static module script. Its inline loader (index-loader.js, inlined here)
 * picks one of two entries by path and injects it with its module preloads:
 *   - `/org/<slug>`: src/public-site-entry.tsx, the lean public booking page, whose data request
 *     the loader starts at once;
 *   - everything else: src/main.tsx, the app.
 * After the client build, `/`, `/ar`, `/login` and `/ar/login` are prerendered with
 * src/prerender.tsx and written as static HTML (PRERENDERED below), which main.tsx hydrates. index.html stays every other path's SPA
 * fallback: the loader hides its prerendered landing when the path is not `/`.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { PREFETCHED_MODULES } from '../../src/app/prefetch-modules';
import { PRERENDERED_TWINS } from '../../src/lib/i18n-core';
import { injectHeadHtml, landingHead, loginHead, normalizeOrigin } from '../../src/lib/seo';

export const ENTRIES = { app: 'src/main.tsx', site: 'src/public-site-entry.tsx' } as const;
type EntryName = keyof typeof ENTRIES;

/**
 * The prerendered pages: URL path, language, files in the build. Static hosts map `/login` either
 * to `login.html` (Vite preview, Cloudflare Pages, Vercel's cleanUrls) or to `login/index.html`
 * (Netlify, S3, GitHub Pages): both are written.
 */
export const PRERENDERED = [
  { path: '/', language: 'en', files: ['index.html'] },
  { path: '/ar', language: 'ar', files: ['ar.html', 'ar/index.html'] },
  { path: '/login', language: 'en', files: ['login.html', 'login/index.html'] },
  { path: '/ar/login', language: 'ar', files: ['ar/login.html', 'ar/login/index.html'] },
] as const;

interface LoaderConfig {
  entries: Record<EntryName, { js: string; preload: string[] }>;
  /** The font files each language's text starts with (src/fonts.css), preloaded. */
  fonts: Record<'en' | 'ar', string[]>;
  api: { url: string; key: string };
  twins: typeof PRERENDERED_TWINS;
  /** The files SPEC §9's prefetch preloads (src/app/prefetch-modules.ts), entries' files left out. */
  prefetch: string[];
}

/** The faces a page's first screen uses: regular and bold of its script (src/fonts.css). */
const FONT_FILES = {
  en: [/ibm-plex-sans-latin-400-normal-[\w-]+\.woff2$/, /ibm-plex-sans-latin-700-normal-[\w-]+\.woff2$/],
  // Arabic and the Latin of an Arabic page in one file a weight (npm run fonts).
  ar: [/ibm-plex-sans-arabic-400-[\w-]+\.woff2$/, /ibm-plex-sans-arabic-700-[\w-]+\.woff2$/],
};

const LOADER_SOURCE = readFileSync(new URL('./index-loader.js', import.meta.url), 'utf8');
const ROOT_PLACEHOLDER = '<div id="root"></div>';

function loaderScript(config: Omit<LoaderConfig, 'twins'>): string {
  // `</script` cannot appear inside JSON of hashed file names and URLs, but escape `<` anyway.
  const json = JSON.stringify({ ...config, twins: PRERENDERED_TWINS }).replace(/</g, '\\u003c');
  return `<script>${LOADER_SOURCE.replace('var config = __NUZL_LOADER_CONFIG__;', () => `var config = ${json};`).trim()}</script>`;
}

/** Every chunk an entry imports statically (what must arrive before it runs), entry first. */
function staticGraph(bundle: Rolldown.OutputBundle, entry: Rolldown.OutputChunk): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(entry.fileName);
  return [...seen];
}

export function publicEntries(): Plugin {
  let config: ResolvedConfig;
  let html = '';
  return {
    name: 'nuzl:public-entries',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    config(user, { command, isSsrBuild }) {
      if (command !== 'build' || isSsrBuild) return;
      const root = user.root ?? process.cwd();
      return {
        build: {
          rolldownOptions: {
            input: {
              index: path.resolve(root, 'index.html'),
              app: path.resolve(root, ENTRIES.app),
              site: path.resolve(root, ENTRIES.site),
            },
          },
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(source, context) {
        if (context.server) {
          // Development: the loader injects the entries' sources, Vite serves them.
          return source.replace(
            '<!--nuzl:loader-->',
            loaderScript({
              entries: { app: { js: `/${ENTRIES.app}`, preload: [] }, site: { js: `/${ENTRIES.site}`, preload: [] } },
              fonts: { en: [], ar: [] },
              api: apiOf(config),
              prefetch: [],
            }),
          );
        }
        return source;
      },
    },
    generateBundle(_options, bundle) {
      if (config.build.ssr) return;
      const entries = {} as LoaderConfig['entries'];
      for (const name of Object.keys(ENTRIES) as EntryName[]) {
        const chunk = Object.values(bundle).find(
          (item): item is Rolldown.OutputChunk => item.type === 'chunk' && item.isEntry && item.name === name,
        );
        if (!chunk) throw new Error(`nuzl:public-entries: the build has no "${name}" entry chunk`);
        const base = config.base;
        const [js, ...rest] = staticGraph(bundle, chunk).map((file) => `${base}${file}`);
        entries[name] = { js: js!, preload: rest };
      }
      const files = Object.keys(bundle);
      const fonts = {} as LoaderConfig['fonts'];
      for (const language of ['en', 'ar'] as const) {
        fonts[language] = FONT_FILES[language].map((pattern) => {
          const file = files.find((name) => pattern.test(name));
          if (!file) throw new Error(`nuzl:public-entries: no font file matches ${String(pattern)}`);
          return `${config.base}${file}`;
        });
      }
      // SPEC §9's prefetch: the chunks of the likely next screens with what they import, less what
      // the entries load anyway.
      const loaded = new Set(Object.values(entries).flatMap((entry) => [entry.js, ...entry.preload]));
      const prefetch = new Set<string>();
      for (const source of PREFETCHED_MODULES) {
        const id = path.resolve(config.root, source);
        const chunk = Object.values(bundle).find(
          (item): item is Rolldown.OutputChunk => item.type === 'chunk' && item.facadeModuleId === id,
        );
        if (!chunk) throw new Error(`nuzl:public-entries: no chunk is built from ${source}`);
        for (const file of staticGraph(bundle, chunk)) {
          if (!loaded.has(`${config.base}${file}`)) prefetch.add(`${config.base}${file}`);
        }
      }
      const page = bundle['index.html'];
      if (page?.type !== 'asset') throw new Error('nuzl:public-entries: the build has no index.html');
      html = String(page.source).replace(
        '<!--nuzl:loader-->',
        loaderScript({ entries, fonts, api: apiOf(config), prefetch: [...prefetch] }),
      );
      page.source = html;
    },
    async closeBundle() {
      if (config.command !== 'build' || config.build.ssr || !html) return;
      if (!apiOf(config).url || !apiOf(config).key) {
        // Such a build can only show "Nuzl is not configured" (main.tsx): nothing to prerender.
        config.logger.warn('nuzl:public-entries: VITE_SUPABASE_URL/ANON_KEY unset, pages not prerendered');
        return;
      }
      await prerender(config, html);
    },
  };
}

function apiOf(config: ResolvedConfig): LoaderConfig['api'] {
  return {
    url: String(config.env.VITE_SUPABASE_URL ?? '').replace(/\/+$/, ''),
    key: String(config.env.VITE_SUPABASE_ANON_KEY ?? ''),
  };
}

/** Renders each prerendered page through Vite's SSR module loader and writes its HTML file. */
async function prerender(config: ResolvedConfig, template: string): Promise<void> {
  const outDir = path.resolve(config.root, config.build.outDir);
  const server = await createServer({
    root: config.root,
    mode: config.mode,
    configFile: config.configFile,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    // The SSR loader must not load this plugin again.
    plugins: [],
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  // The app module creates the Supabase client; on Node 20 its realtime part wants a WebSocket.
  (globalThis as { WebSocket?: unknown }).WebSocket ??= (await import('ws')).WebSocket;
  try {
    // src/prerender.tsx: `render(url, language)` → the HTML of #root.
    const { render } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
      render: (url: string, language: string) => Promise<{ html: string; namespaces: string[] }>;
    };
    const origin = normalizeOrigin(config.env.VITE_SITE_URL as string | undefined);
    const contactEmail = (config.env.VITE_CONTACT_EMAIL as string | undefined) ?? null;
    for (const page of PRERENDERED) {
      const { html: body, namespaces } = await render(page.path, page.language);
      // Title, description, canonical, hreflang, Open Graph and JSON-LD of the page (src/lib/seo).
      const head = page.path.endsWith('login')
        ? loginHead(page.language, origin)
        : landingHead(page.language, origin, { contactEmail });
      const document = injectHeadHtml(template, head)
        .replace(
          /<html lang="en" dir="ltr"/,
          `<html lang="${page.language}" dir="${page.language === 'ar' ? 'rtl' : 'ltr'}" data-prerendered="${page.path}"`,
        )
        // The namespaces main.tsx loads before hydrating (src/lib/prerendered.ts).
        .replace(ROOT_PLACEHOLDER, `<div id="root" data-namespaces="${namespaces.join(' ')}">${body}</div>`);
      if (document === template) throw new Error(`nuzl:public-entries: could not place ${page.path} in index.html`);
      for (const name of page.files) {
        const file = path.join(outDir, name);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, document);
      }
    }
  } finally {
    await server.close();
  }
}
