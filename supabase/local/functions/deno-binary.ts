/**
 * The Deno executable from the npm `deno` package (its postinstall places the binary beside
 * bin.cjs; otherwise it is in the platform package @deno/<os>-<arch>[-glibc|-musl]).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

function platformPackages(): string[] {
  const arch = process.arch;
  if (process.platform === 'linux') return [`@deno/linux-${arch}-glibc`, `@deno/linux-${arch}-musl`];
  if (process.platform === 'darwin') return [`@deno/darwin-${arch}`];
  if (process.platform === 'win32') return [`@deno/win32-${arch}`];
  return [];
}

export function resolveDenoBinary(rootDir: string): string {
  const fromEnv = process.env.DENO_BINARY;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const require = createRequire(path.join(rootDir, 'package.json'));
  const exe = process.platform === 'win32' ? 'deno.exe' : 'deno';
  const tried: string[] = [];
  try {
    const candidate = path.join(path.dirname(require.resolve('deno/bin.cjs')), exe);
    tried.push(candidate);
    if (existsSync(candidate)) return candidate;
  } catch {
    // the wrapper package is optional when a platform package is present
  }
  for (const pkg of platformPackages()) {
    try {
      const dir = path.dirname(require.resolve(`${pkg}/package.json`));
      for (const candidate of [path.join(dir, exe), path.join(dir, 'bin', exe)]) {
        tried.push(candidate);
        if (existsSync(candidate)) return candidate;
      }
    } catch {
      // not installed for this platform
    }
  }
  throw new Error(`No Deno binary found (install the npm package "deno"); looked at: ${tried.join(', ') || 'nothing'}`);
}
