// @vitest-environment node
import { RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import { findPhysicalClasses, noPhysicalDirectionClasses } from '../eslint.config.js';

describe('findPhysicalClasses', () => {
  it('flags physical direction utilities, with variants and negatives', () => {
    expect(
      findPhysicalClasses(
        'ml-4 mr-2 pl-3 pr-1 -ml-px left-0 right-4 -right-2 text-left text-right border-l border-r-2 rounded-l-md rounded-tr float-left sm:pl-6 rtl:mr-1 hover:text-right !ml-2 scroll-ml-4 bg-left origin-top-left',
      ),
    ).toEqual([
      'ml-4',
      'mr-2',
      'pl-3',
      'pr-1',
      '-ml-px',
      'left-0',
      'right-4',
      '-right-2',
      'text-left',
      'text-right',
      'border-l',
      'border-r-2',
      'rounded-l-md',
      'rounded-tr',
      'float-left',
      'sm:pl-6',
      'rtl:mr-1',
      'hover:text-right',
      'ml-2',
      'scroll-ml-4',
      'bg-left',
      'origin-top-left',
    ]);
  });

  it('lets logical and unrelated utilities through', () => {
    expect(
      findPhysicalClasses(
        'ms-4 me-2 ps-3 pe-1 start-0 end-4 text-start text-end border-s border-e-2 rounded-s-md rounded-ee mx-2 px-4 inset-x-0 space-x-2 translate-x-1 top-0 bottom-2 rounded-lg border-b leading-tight',
      ),
    ).toEqual([]);
  });
});

// RuleTester drives the rule through ESLint itself, on JSX.
RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({
  languageOptions: { ecmaVersion: 2022, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('no-physical-direction-classes', noPhysicalDirectionClasses, {
  valid: [
    { code: '<div className="ms-4 pe-2 text-start" />' },
    { code: 'cn("start-0", cond && "border-s")' },
    { code: 'const position = dir === "rtl" ? "top-left" : "top-right"; <Toaster position={position} />' },
    { code: '<div title="left-0" />' },
  ],
  invalid: [
    { code: '<div className="ml-4 text-right" />', errors: 2 },
    { code: '<div className={`flex ${open ? "pl-2" : "pe-2"}`} />', errors: 1 },
    { code: 'cn("flex", { "mr-2": active })', errors: 1 },
    { code: 'cva("rounded-l-md", { variants: { side: { left: "left-0", end: "end-0" } } })', errors: 2 },
    { code: 'twMerge(base, "border-r")', errors: 1 },
  ],
});
