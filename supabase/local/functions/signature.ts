/**
 * A cheap fingerprint of a function's sources (paths, sizes and mtimes of every file under the
 * watched paths), so a changed file restarts its worker on the next call, as `functions serve`
 * hot-reloads. Nested node_modules are skipped.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export async function sourceSignature(paths: string[]): Promise<string> {
  const parts: string[] = [];
  const seen = new Set<string>();
  async function visit(target: string, depth: number): Promise<void> {
    if (seen.has(target) || depth > 12) return;
    seen.add(target);
    const info = await stat(target).catch(() => null);
    if (!info) return;
    if (info.isFile()) {
      parts.push(`${target}:${info.size}:${info.mtimeMs}`);
      return;
    }
    if (!info.isDirectory()) return;
    const entries = await readdir(target).catch(() => [] as string[]);
    for (const entry of entries.sort()) {
      if (entry === 'node_modules' || entry.startsWith('.git')) continue;
      await visit(path.join(target, entry), depth + 1);
    }
  }
  for (const p of paths) await visit(p, 0);
  return parts.join('|');
}
