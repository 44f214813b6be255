/**
 * `import texts from 'virtual:locale-subset/<language>/<namespace>?keys=a,b'`: the named top-level
 * keys of src/locales/<language>/<namespace>.json, as a module of their own (issue 12).
 *
 * Why: a JSON file imported by two entries becomes one shared chunk with every key in it. The
 * lean `/org/<slug>` entry needs ten of common.json's hundreds of strings; importing common.json
 * would add ~12 KB gzipped to its first paint. This reads the same file at build time, so the
 * strings are never copied by hand.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:locale-subset/';
const RESOLVED = `\0${PREFIX}`;

export function localeSubset(): Plugin {
  let root = process.cwd();
  return {
    name: 'nuzl:locale-subset',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const match = /^([a-z]{2})\/([\w-]+)\?keys=([\w,]+)$/.exec(id.slice(RESOLVED.length));
      if (!match) throw new Error(`locale-subset: cannot read "${id.slice(1)}"`);
      const [, language, namespace, keys] = match as unknown as [string, string, string, string];
      const file = path.join(root, 'src', 'locales', language, `${namespace}.json`);
      this.addWatchFile(file);
      const all = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const subset: Record<string, unknown> = {};
      for (const key of keys.split(',')) {
        if (!(key in all)) throw new Error(`locale-subset: ${language}/${namespace}.json has no key "${key}"`);
        subset[key] = all[key];
      }
      return `export default ${JSON.stringify(subset)};`;
    },
  };
}
