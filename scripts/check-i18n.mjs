#!/usr/bin/env node
// Checks src/locales/{en,ar}/*.json against each other and fails (exit 1) when:
//   - a namespace file exists in one language only, or is not valid JSON;
//   - a key exists in one language and not the other (plural forms count as one key);
//   - a plural key lacks a form its language needs (Arabic: zero one two few many other);
//   - a value is empty, or not a string/object;
//   - the {{variables}} of a key differ between the languages (count excepted: Arabic often
//     writes "محاولتان" without the number).
// Raw keys rendered at runtime are caught by the unit tests (src/test/setup.ts) and e2e.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LANGUAGES = ['en', 'ar'];
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const VARIABLE = /\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g;

/** Flattens nested JSON to dotted keys; reports values that are neither strings nor objects. */
export function flatten(value, prefix, out, problems, where) {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') {
      if (child.trim() === '') problems.push(`${where}: "${path}" is empty`);
      out.set(path, child);
    } else if (child && typeof child === 'object' && !Array.isArray(child)) {
      flatten(child, path, out, problems, where);
    } else {
      problems.push(`${where}: "${path}" must be a string or an object`);
    }
  }
  return out;
}

/** Groups plural forms under their base key: `moves_one`, `moves_other` → `moves` {one, other}. */
export function groupKeys(flat) {
  const groups = new Map();
  for (const [key, text] of flat) {
    const match = PLURAL_SUFFIX.exec(key);
    const base = match ? key.slice(0, -match[0].length) : key;
    const group = groups.get(base) ?? { forms: new Set(), variables: new Set(), plural: false };
    if (match) {
      group.plural = true;
      group.forms.add(match[1]);
    }
    for (const variable of text.matchAll(VARIABLE)) group.variables.add(variable[1]);
    groups.set(base, group);
  }
  return groups;
}

export function checkLocales(localesDir) {
  const problems = [];
  const namespaces = new Set();
  for (const language of LANGUAGES) {
    const dir = join(localesDir, language);
    if (!existsSync(dir)) {
      problems.push(`missing folder ${language}/`);
      continue;
    }
    for (const file of readdirSync(dir)) if (file.endsWith('.json')) namespaces.add(file.slice(0, -5));
  }
  let keyCount = 0;
  for (const namespace of [...namespaces].sort()) {
    const groups = {};
    for (const language of LANGUAGES) {
      const file = join(localesDir, language, `${namespace}.json`);
      const where = `${language}/${namespace}.json`;
      if (!existsSync(file)) {
        problems.push(`${where} is missing (the namespace exists in another language)`);
        continue;
      }
      try {
        groups[language] = groupKeys(flatten(JSON.parse(readFileSync(file, 'utf8')), '', new Map(), problems, where));
      } catch (error) {
        problems.push(`${where}: invalid JSON (${error.message})`);
      }
    }
    if (LANGUAGES.some((language) => !groups[language])) continue;
    const allKeys = new Set(LANGUAGES.flatMap((language) => [...groups[language].keys()]));
    keyCount += allKeys.size;
    for (const key of [...allKeys].sort()) {
      const present = LANGUAGES.filter((language) => groups[language].has(key));
      if (present.length !== LANGUAGES.length) {
        const missing = LANGUAGES.filter((language) => !present.includes(language));
        problems.push(`${namespace}:${key} exists in ${present.join(', ')} but not in ${missing.join(', ')}`);
        continue;
      }
      for (const language of LANGUAGES) {
        const group = groups[language].get(key);
        if (!group.plural) continue;
        const required = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        const lacking = required.filter((form) => !group.forms.has(form));
        if (lacking.length > 0)
          problems.push(`${language}/${namespace}:${key} lacks plural forms ${lacking.join(', ')}`);
      }
      const [first, ...rest] = LANGUAGES.map((language) => {
        const variables = new Set(groups[language].get(key).variables);
        variables.delete('count');
        return [...variables].sort().join(',');
      });
      if (rest.some((variables) => variables !== first)) {
        problems.push(`${namespace}:${key} uses different {{variables}} across languages`);
      }
    }
  }
  return { problems, namespaces: namespaces.size, keys: keyCount };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('../src/locales', import.meta.url));
  const { problems, namespaces, keys } = checkLocales(dir);
  if (problems.length > 0) {
    console.error(`i18n check failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  console.log(`i18n check passed: ${namespaces} namespaces, ${keys} keys, in ${LANGUAGES.join(' and ')}.`);
}
