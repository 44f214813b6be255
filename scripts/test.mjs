#!/usr/bin/env node
// `npm test`: every check of the project, in order, stopping at the first failure with a clear
// summary. Steps: format → lint → typecheck → i18n → functions (Deno check and tests of supabase/functions) → unit
// (vitest project `unit`) → db (vitest project `db`) → build → e2e (Playwright against the production build and an
// in-memory local stack).
//
//   npm test                  # everything
//   npm test -- --only unit,e2e
//   npm test -- --skip e2e
//   npm test -- --list
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export const STEPS = [
  {
    id: 'format',
    title: 'Format (Prettier --check; `npm run format` fixes)',
    command: ['npx', 'prettier', '--check', '.', '--log-level', 'warn'],
  },
  {
    id: 'lint',
    title: 'Lint (ESLint: type-aware in src/, layer boundaries, RTL-safe classes)',
    command: [
      'npx',
      'eslint',
      '.',
      '--max-warnings=0',
      // Locally, unchanged files are not linted again (a speed-up; type-aware results of a file
      // whose imports changed may be stale until it changes too). CI always lints everything.
      ...(process.env.CI ? [] : ['--cache', '--cache-location', 'node_modules/.cache/eslint/']),
    ],
  },
  { id: 'typecheck', title: 'Type-check (tsc -b: app and Node projects)', command: ['npx', 'tsc', '-b'] },
  {
    id: 'i18n',
    title: 'i18n (en/ar keys, Arabic plural forms, variables)',
    command: ['node', 'scripts/check-i18n.mjs'],
  },
  {
    id: 'functions',
    title: 'Edge functions (Deno: deno check + deno test of supabase/functions)',
    command: ['npx', 'tsx', 'scripts/test-functions.ts'],
  },
  {
    id: 'unit',
    title: 'Unit and component tests (Vitest, jsdom)',
    command: ['npx', 'vitest', 'run', '--project', 'unit'],
  },
  {
    id: 'db',
    title: 'Database and API tests (Vitest, local stack)',
    command: ['npx', 'vitest', 'run', '--project', 'db'],
  },
  { id: 'build', title: 'Production build (vite build)', command: ['npx', 'vite', 'build'] },
  { id: 'e2e', title: 'Browser tests (Playwright, Chromium, en + ar)', command: ['npx', 'playwright', 'test'] },
];

function parseArgs(argv) {
  const pick = (flag) => {
    const index = argv.indexOf(flag);
    return index >= 0 ? (argv[index + 1] ?? '').split(',').filter(Boolean) : null;
  };
  return { only: pick('--only'), skip: pick('--skip') ?? [], list: argv.includes('--list') };
}

function run(command) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
    child.on('error', () => resolve(1));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const { only, skip, list } = parseArgs(process.argv.slice(2));
  const unknown = [...(only ?? []), ...skip].filter((id) => !STEPS.some((step) => step.id === id));
  if (unknown.length > 0) {
    console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${STEPS.map((step) => step.id).join(', ')}`);
    process.exit(2);
  }
  const steps = STEPS.filter((step) => (only ? only.includes(step.id) : true) && !skip.includes(step.id));
  if (list) {
    for (const step of steps)
      console.log(`${step.id.padEnd(10)} ${step.title}\n${' '.repeat(11)}$ ${step.command.join(' ')}`);
    return;
  }

  const results = [];
  const started = Date.now();
  for (const step of steps) {
    console.log(`\n━━━ ${step.title}\n$ ${step.command.join(' ')}\n`);
    const stepStarted = Date.now();
    const code = await run(step.command);
    results.push({ step, ok: code === 0, ms: Date.now() - stepStarted });
    if (code !== 0) break;
  }

  console.log('\n━━━ Summary');
  for (const step of steps) {
    const result = results.find((entry) => entry.step === step);
    const mark = !result
      ? '·  skipped (an earlier step failed)'
      : result.ok
        ? `✓  ${seconds(result.ms)}`
        : `✗  FAILED after ${seconds(result.ms)}`;
    console.log(`  ${step.id.padEnd(10)} ${mark}`);
  }
  const failed = results.find((entry) => !entry.ok);
  console.log(`\n${failed ? `✗ ${failed.step.id} failed` : '✓ all passed'} in ${seconds(Date.now() - started)}`);
  if (failed) {
    console.log(`  Re-run just that step: npm test -- --only ${failed.step.id}`);
    process.exit(1);
  }
}

await main();
