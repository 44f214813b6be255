/** Types of check-i18n.mjs for the TypeScript test beside it. */
export declare const LANGUAGES: string[];
export declare function checkLocales(localesDir: string): { problems: string[]; namespaces: number; keys: number };
