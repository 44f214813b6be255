/**
 * One Deno process per function, started on first call and kept warm, like edge-runtime's
 * per_worker policy. The process runs runtime/bootstrap.js, which binds the function's
 * Deno.serve to a free loopback port and prints it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PORT_MARKER = '__NUZL_FUNCTION_PORT__';
const BOOTSTRAP = fileURLToPath(new URL('./runtime/bootstrap.js', import.meta.url));
const BOOT_TIMEOUT_MS = 60_000;
/** How much of the function's output is kept to explain a boot failure. */
const LOG_TAIL = 8_000;

export interface WorkerOptions {
  name: string;
  entrypoint: string;
  denoBinary: string;
  cwd: string;
  denoDir: string;
  /** The one folder the function may write to (edge-runtime allows /tmp). */
  writeDir: string;
  env: Record<string, string>;
  importMap?: string;
  /** Where the function's stdout/stderr go (the stack's log, or nowhere when quiet). */
  log: (line: string) => void;
}

// Deno children die with the stack even when it exits without close() (a crash, process.exit).
const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess) {
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const c of liveChildren) c.kill('SIGKILL');
  });
}

export class BootError extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

export class DenoWorker {
  readonly startedAt = Date.now();
  /** Milliseconds from spawn to listening (cold start). */
  bootMs: number | null = null;
  private child: ChildProcess | null = null;
  private output = '';
  private exited = false;
  readonly ready: Promise<number>;

  constructor(private readonly opts: WorkerOptions) {
    this.ready = this.start();
    // An unobserved boot failure must not become an unhandled rejection.
    this.ready.catch(() => {});
  }

  get alive(): boolean {
    return !this.exited;
  }

  private start(): Promise<number> {
    const { opts } = this;
    const args = [
      'run',
      '--quiet',
      '--no-prompt',
      '--no-remote',
      '--node-modules-dir=manual',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      `--allow-write=${opts.writeDir}`,
      ...(opts.importMap ? ['--import-map', opts.importMap] : []),
      BOOTSTRAP,
      pathToFileURL(opts.entrypoint).href,
    ];
    const child = spawn(opts.denoBinary, args, {
      cwd: opts.cwd,
      env: { ...opts.env, DENO_DIR: opts.denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    track(child);
    return new Promise<number>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        this.stop();
        reject(new BootError(`function ${opts.name} did not start within ${BOOT_TIMEOUT_MS / 1000}s`, this.output));
      }, BOOT_TIMEOUT_MS);
      const onLine = (line: string) => {
        const at = line.indexOf(PORT_MARKER);
        if (at >= 0 && !settled) {
          settled = true;
          clearTimeout(timer);
          this.bootMs = Date.now() - this.startedAt;
          resolve(Number(line.slice(at + PORT_MARKER.length)));
          return;
        }
        this.output = (this.output + line + '\n').slice(-LOG_TAIL);
        opts.log(line);
      };
      lineReader(child.stdout!, onLine);
      lineReader(child.stderr!, onLine);
      child.on('error', (err) => {
        this.exited = true;
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(new BootError(`could not start Deno for ${opts.name}: ${err.message}`, this.output));
      });
      child.on('exit', (code, signal) => {
        this.exited = true;
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(new BootError(`function ${opts.name} exited while booting (${signal ?? `code ${code}`})`, this.output));
      });
    });
  }

  stop(): Promise<void> {
    const child = this.child;
    if (!child || this.exited) return Promise.resolve();
    return new Promise((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 2_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

function lineReader(stream: NodeJS.ReadableStream, onLine: (line: string) => void) {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      onLine(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
    }
  });
  stream.on('end', () => {
    if (buffer) onLine(buffer);
  });
}
