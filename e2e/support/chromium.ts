import { existsSync } from 'node:fs';

/**
 * Which Chromium the browser tests drive: Debian's `/usr/bin/chromium` when installed (CI can
 * `apt-get install -y chromium`), else the binary inside the `@sparticuz/chromium` npm package,
 * so `npm install && npm test` works with nothing else on the machine. Playwright's own browser
 * download is not used: it needs a host that is not reachable from our machines.
 */
export async function resolveChromium(): Promise<{ executablePath: string; args: string[]; source: string }> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return { executablePath: fromEnv, args: SANDBOX_ARGS, source: 'CHROMIUM_PATH' };
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return { executablePath: candidate, args: SANDBOX_ARGS, source: candidate };
  }
  const { default: sparticuz } = await import('@sparticuz/chromium');
  // The package is built for AWS Lambda: it unpacks itself to /tmp on first use. We keep its
  // GPU-less rendering flags but not `--single-process`, which breaks Playwright's contexts.
  const executablePath = await sparticuz.executablePath();
  return {
    executablePath,
    args: [
      ...SANDBOX_ARGS,
      '--use-gl=angle',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--font-render-hinting=none',
    ],
    source: '@sparticuz/chromium',
  };
}

/** Containers and CI run as root, where Chromium's sandbox cannot start. */
const SANDBOX_ARGS = ['--no-sandbox', '--disable-setuid-sandbox', '--disable-dev-shm-usage'];
