/**
 * A translator for the lean entry points (issue 12): the same locale JSON files and the same
 * rules i18next applies to them — `ns:key` lookups, nested keys, `{{name}}` interpolation, plural
 * keys chosen by `Intl.PluralRules` (`_zero`, `_one`, `_two`, `_few`, `_many`, `_other`) and
 * `defaultValue` — in well under 1 KB, instead of i18next and react-i18next (~18 KB gzipped),
 * which the `/org/<slug>` first paint cannot afford. The rest of the app uses i18next.
 */

export type TranslateValues = Record<string, unknown> & { count?: number; defaultValue?: string };
export type Translate = (key: string, values?: TranslateValues) => string;
type Bundle = { readonly [key: string]: unknown };

function lookup(bundle: Bundle | undefined, path: string): unknown {
  let node: unknown = bundle;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Bundle)[part];
  }
  return node;
}

function interpolate(text: string, values: TranslateValues | undefined): string {
  if (!values) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/**
 * `t(key, values)` over `namespaces`; a key without `ns:` reads `defaultNamespace`.
 * A missing key answers `defaultValue` when given, else the key itself (as i18next does).
 */
export function createTranslate(
  language: string,
  namespaces: Record<string, Bundle>,
  defaultNamespace: string,
): Translate {
  const plurals = new Intl.PluralRules(language);
  return (key, values) => {
    const split = key.indexOf(':');
    const namespace = split > 0 ? key.slice(0, split) : defaultNamespace;
    const path = split > 0 ? key.slice(split + 1) : key;
    const bundle = namespaces[namespace];
    let text: unknown;
    if (typeof values?.count === 'number') {
      text = lookup(bundle, `${path}_${plurals.select(values.count)}`);
      // i18next's English `_zero` is only a convenience key; `_other` covers it.
      text ??= lookup(bundle, `${path}_other`);
    }
    text ??= lookup(bundle, path);
    if (typeof text !== 'string') return values?.defaultValue ?? key;
    return interpolate(text, values);
  };
}
