// @ts-check
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));
const srcDir = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Physical direction utilities break the Arabic (RTL) layout: `ml-4` stays on the left when the
 * page flips. Their logical twins (`ms-4`, `pe-2`, `start-0`, `border-s`, `text-start`,
 * `rounded-e`) follow the reading direction. Checked in className attributes and in the class
 * helpers (cn, clsx, cva, twMerge), variants included (`sm:ml-2`, `rtl:pl-1`).
 */
const PHYSICAL_CLASS =
  /^(?:-?(?:scroll-)?[mp][lr]-.+|-?(?:left|right)-.+|border-[lr](?:-.+)?|rounded-(?:[lr]|tl|tr|bl|br)(?:-.+)?|text-(?:left|right)|float-(?:left|right)|clear-(?:left|right)|(?:bg|object|origin)-(?:(?:top|bottom)-)?(?:left|right))$/;

/** @param {string} value */
export function findPhysicalClasses(value) {
  return value
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => token.replace(/^!|!$/g, ''))
    .filter((token) => PHYSICAL_CLASS.test(token.slice(token.lastIndexOf(':') + 1).replace(/^!/, '')));
}

const CLASS_HELPERS = new Set(['cn', 'clsx', 'cva', 'twMerge']);

/** @type {import('eslint').Rule.RuleModule} */
export const noPhysicalDirectionClasses = {
  meta: {
    type: 'problem',
    docs: { description: 'Use logical direction utilities (ms-, pe-, start-, text-start, border-s) so RTL works' },
    schema: [],
    messages: {
      physical:
        'Physical direction class "{{name}}" breaks RTL; use the logical utility (ms-/me-, ps-/pe-, start-/end-, text-start/end, border-s/e, rounded-s/e).',
    },
  },
  create(context) {
    /** @param {import('estree').Node} node @param {string} text */
    const check = (node, text) => {
      for (const name of findPhysicalClasses(text)) context.report({ node, messageId: 'physical', data: { name } });
    };
    /** Walks every string inside a className value or a class-helper call. @param {any} node */
    const visit = (node) => {
      if (!node || typeof node !== 'object') return;
      if (node.type === 'Literal' && typeof node.value === 'string') return check(node, node.value);
      if (node.type === 'TemplateLiteral') {
        node.quasis.forEach((/** @type {any} */ q) => check(q, q.value.cooked ?? ''));
        return node.expressions.forEach(visit);
      }
      for (const key of Object.keys(node)) {
        if (key === 'parent' || key === 'loc' || key === 'range') continue;
        const child = node[key];
        if (Array.isArray(child)) child.forEach(visit);
        else if (child && typeof child.type === 'string') visit(child);
      }
    };
    return {
      /** @param {any} node */
      JSXAttribute(node) {
        if (node.name.type === 'JSXIdentifier' && node.name.name === 'className') visit(node.value);
      },
      /** @param {any} node */
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && CLASS_HELPERS.has(node.callee.name)) node.arguments.forEach(visit);
      },
    };
  },
};

/** Features never import each other; app/ composes them (DESIGN §1, STYLE 2). */
const features = readdirSync(`${srcDir}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature must not import another feature; move shared code to lib/ or components/, or compose in app/.',
  })),
  {
    target: ['./src/features', './src/domain', './src/lib', './src/components', './src/config', './src/types'],
    from: './src/app',
    message: 'Only app/ composes; nothing imports from app/.',
  },
  {
    target: ['./src/domain', './src/lib', './src/components', './src/config', './src/types'],
    from: './src/features',
    message: 'Shared layers must not depend on a feature.',
  },
  {
    // domain/ holds the entity rules (zod schemas) every feature shares: plain TypeScript, no UI.
    target: './src/domain',
    from: './src/components',
    message: 'domain/ holds pure entity rules; it must not depend on UI components.',
  },
  {
    target: ['./src/lib', './src/config', './src/types'],
    from: './src/domain',
    message: 'lib/, config/ and types/ sit below domain/; move the shared helper down into lib/ instead.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-e2e/',
      // Side-by-side browser suites build into dist-e2e-<name> (E2E_DIST, e2e/support/constants.ts).
      'dist-e2e-*/',
      'dist-bench-web/', // npm run bench -- --web (scripts/bench/web.ts)
      'node_modules/',
      'coverage/',
      'playwright-report/',
      'test-results/',
      'supabase/functions/', // Deno: checked by `deno check`, not by Node's ESLint
      'supabase/.local/',
      'src/types/database.ts', // generated by npm run db:types
    ],
  },
  js.configs.recommended,
  // Everything outside src/: plain (fast) TypeScript rules, Node globals.
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,mts,cts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Node-side code (stack, scripts, tests) follows the recommended rules minus two
    // ESLint 10 style additions that flag common, harmless try/catch patterns, and allows
    // control characters in regexes (stripping ANSI colours from CLI output).
    ignores: ['src/**'],
    rules: { 'no-useless-assignment': 'off', 'preserve-caught-error': 'off', 'no-control-regex': 'off' },
  },
  // The app: type-aware rules, React hooks, layer boundaries, RTL-safe classes.
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked, reactHooks.configs.flat['recommended-latest']],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    plugins: { 'import-x': importX, nuzl: { rules: { 'no-physical-direction-classes': noPhysicalDirectionClasses } } },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ alias: { '@': [srcDir] }, extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: {
      'nuzl/no-physical-direction-classes': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@supabase/supabase-js',
              importNames: ['createClient'],
              message: 'Use the one client in lib/supabase.ts (STYLE 5).',
            },
            { name: 'react-router', message: 'Import from react-router-dom.' },
          ],
        },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // We do not run the React Compiler; this rule only says a library (react-hook-form's watch)
      // cannot be auto-memoised by it.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // Playwright fixtures that need no other fixture are written \`async ({}, use) => …\`.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['src/lib/supabase.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
);
