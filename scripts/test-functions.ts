// `npm test` step "functions": type-checks and tests the edge functions' Deno code (supabase/functions)
// with the flags the local functions runner uses: Deno from the npm package, `npm:` imports resolved
// from node_modules (--node-modules-dir=manual), nothing fetched (--no-remote). Node's tsc and
// ESLint do not see this code.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveDenoBinary } from '../supabase/local/functions/deno-binary';

const root = fileURLToPath(new URL('..', import.meta.url));
const deno = resolveDenoBinary(root);
const common = ['--no-remote', '--node-modules-dir=manual'];
const env = { ...process.env, DENO_DIR: path.join(root, 'supabase', '.local', 'deno'), DENO_NO_UPDATE_CHECK: '1' };

function run(args: string[]): void {
  console.log(`$ deno ${args.join(' ')}`);
  const result = spawnSync(deno, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(['check', '--quiet', ...common, 'supabase/functions']);
run(['test', '--no-check', '--no-prompt', ...common, '--allow-read=supabase/tests/fixtures', 'supabase/functions']);
