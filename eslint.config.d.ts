// Types of eslint.config.js for TypeScript importers (scripts/eslint-rules.test.ts).
import type { Linter, Rule } from 'eslint';

/** The physical direction utilities (ml-4, text-right, sm:pl-2 …) found in a class string. */
export declare function findPhysicalClasses(value: string): string[];
export declare const noPhysicalDirectionClasses: Rule.RuleModule;
declare const config: Linter.Config[];
export default config;
