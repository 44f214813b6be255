// @vitest-environment node
/**
 * Every document a comment or a doc cites is in the repository: SPEC §n, DESIGN §n and STYLE n
 * name sections of docs/spec.md, docs/design.md and docs/style.md, and nothing cites the old
 * shared files (SPEC.md, DESIGN.md, STYLE.md) or the research notes that never were in the repo.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['README.md', 'docs', 'src', 'supabase', 'scripts', 'e2e', '.ci', 'index.html'];
const SKIP = new Set(['node_modules', '.local', 'dist', 'test-results']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|sql|md|toml|css|html|sh|json|yml|yaml)$|^run$/;
// This file names the forbidden citations itself.
const SELF = path.relative(ROOT, fileURLToPath(import.meta.url));

async function files(rel: string): Promise<string[]> {
  const abs = path.join(ROOT, rel);
  const entries = await readdir(abs, { withFileTypes: true }).catch(() => null);
  if (!entries) return TEXT.test(path.basename(rel)) ? [rel] : [];
  const nested = await Promise.all(
    entries
      .filter((e) => !SKIP.has(e.name))
      .map((e) =>
        e.isDirectory() ? files(path.join(rel, e.name)) : TEXT.test(e.name) ? [path.join(rel, e.name)] : [],
      ),
  );
  return nested.flat();
}

/** Section numbers of a document: `## 8. …` headings, or `8. …` list items for STYLE. */
function sections(text: string, pattern: RegExp): Set<number> {
  return new Set([...text.matchAll(pattern)].map((m) => Number(m[1])));
}

let corpus: Array<{ file: string; text: string }>;
let spec: Set<number>;
let design: Set<number>;
let style: Set<number>;

beforeAll(async () => {
  const all = (await Promise.all(ROOTS.map(files))).flat().filter((f) => f !== SELF);
  corpus = await Promise.all(all.map(async (file) => ({ file, text: await readFile(path.join(ROOT, file), 'utf8') })));
  const heading = /^## (\d+)\. /gm;
  spec = sections(await readFile(path.join(ROOT, 'docs/spec.md'), 'utf8'), heading);
  design = sections(await readFile(path.join(ROOT, 'docs/design.md'), 'utf8'), heading);
  style = sections(await readFile(path.join(ROOT, 'docs/style.md'), 'utf8'), /^(\d+)\. /gm);
});

function citations(pattern: RegExp): Array<{ where: string; sections: number[] }> {
  const out: Array<{ where: string; sections: number[] }> = [];
  for (const { file, text } of corpus) {
    for (const m of text.matchAll(pattern)) {
      const line = text.slice(0, m.index).split('\n').length;
      out.push({
        where: `${file}:${line} ${m[0]}`,
        sections: [...m[0].matchAll(/(\d+)(?:\.\d+)*/g)].map((n) => Number(n[1])),
      });
    }
  }
  return out;
}

describe('document references', () => {
  it('the cited documents are in docs/ with their sections', () => {
    expect([...spec].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(design.size).toBeGreaterThanOrEqual(5);
    expect(style.size).toBeGreaterThanOrEqual(15);
  });

  it('every SPEC §n, DESIGN §n and STYLE n names a section that exists', () => {
    const list = String.raw`\s*§\s*\d+(?:\.\d+)*(?:\s*(?:\/|,|and|or)\s*§\s*\d+(?:\.\d+)*)*`;
    const broken = [
      ...citations(new RegExp(String.raw`\bSPEC${list}`, 'g')).filter((c) => c.sections.some((s) => !spec.has(s))),
      ...citations(new RegExp(String.raw`\bDESIGN${list}`, 'g')).filter((c) => c.sections.some((s) => !design.has(s))),
      ...citations(/\bSTYLE \d+(?:\s*(?:\/|,|and|or)\s*\d+)*/g).filter((c) => c.sections.some((s) => !style.has(s))),
    ];
    expect(broken.map((c) => c.where)).toEqual([]);
    expect(citations(/\bSPEC\s*§\s*\d+/g).length).toBeGreaterThan(50);
  });

  it('nothing cites the shared SPEC.md / DESIGN.md / STYLE.md or research notes that are not in the repo', () => {
    const outside = corpus.flatMap(({ file, text }) =>
      [...text.matchAll(/\b(?:SPEC|DESIGN|STYLE)\.md\b|\bresearch\s*§|\bresearch\/[\w-]+\.md|\/work\/shared\b/g)].map(
        (m) => `${file}:${text.slice(0, m.index).split('\n').length} ${m[0]}`,
      ),
    );
    expect(outside).toEqual([]);
  });
});
