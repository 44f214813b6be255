/**
 * A screen's state in the URL (search, filters, sort, page, view, the open dialog), typed and
 * with defaults: a shared link or Back shows the same thing, and anything odd in a URL reads as
 * the default instead of breaking the screen. `useUrlState` (./use-url-state) is the hook; this
 * module is the pure part.
 *
 * A definition names each value and how it is written:
 *   const UNITS_URL = {
 *     search: urlParam.text({ key: 'q', filter: true }),
 *     type: urlParam.oneOf(['all', ...UNIT_TYPES], 'all', { filter: true }),
 *     page: urlParam.page(),
 *     view: urlParam.oneOf(['cards', 'table'], 'cards'),
 *   } satisfies UrlStateDefinition;
 * A value equal to its default is left out of the URL (clean links). Changing a `filter` value
 * sends the list back to its first page (a page-5 link of an old search would be empty).
 */
export interface UrlParam<T> {
  /** The search-parameter name; the value's own name when not given. */
  key?: string;
  /** What a missing, empty or unreadable parameter means. */
  fallback: T;
  /** The raw text to a value, or undefined when it is not one (→ fallback). */
  parse: (raw: string) => T | undefined;
  /** The value to its text; the empty string leaves the parameter out. */
  serialize: (value: T) => string;
  /** Changing this value returns the list to page 1. */
  filter?: boolean;
  /** This value is the page number that a filter change resets. */
  page?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any value type; each param keeps its own
export type UrlStateDefinition = Record<string, UrlParam<any>>;
export type UrlStateValues<D extends UrlStateDefinition> = { [K in keyof D]: D[K]['fallback'] };

interface ParamOptions {
  key?: string;
  filter?: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const urlParam = {
  /** Free text (a search box): trimmed, at most `max` characters, '' by default. */
  text: ({ max = 100, ...options }: ParamOptions & { max?: number } = {}): UrlParam<string> => ({
    ...options,
    fallback: '',
    parse: (raw) => (raw.trim().length <= max ? raw.trim() : undefined),
    serialize: (value) => value.trim(),
  }),

  /** One of a fixed set (an enum filter, a view, a sort column). */
  oneOf: <T extends string>(values: readonly T[], fallback: NoInfer<T>, options: ParamOptions = {}): UrlParam<T> => ({
    ...options,
    fallback,
    parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as T) : undefined),
    serialize: (value) => value,
  }),

  /** One of a fixed set, or null when absent (which dialog is open, say). */
  optionalOneOf: <T extends string>(values: readonly T[], options: ParamOptions = {}): UrlParam<T | null> => ({
    ...options,
    fallback: null,
    parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as T) : undefined),
    serialize: (value) => value ?? '',
  }),

  /** Text of a given shape (an id); null when absent or malformed. */
  matching: (pattern: RegExp, options: ParamOptions = {}): UrlParam<string | null> => ({
    ...options,
    fallback: null,
    parse: (raw) => (pattern.test(raw) ? raw : undefined),
    serialize: (value) => value ?? '',
  }),

  /** Text of a given shape (`user:<uuid>`), or `fallback` (`'all'`) when absent or malformed. */
  matchingOr: (pattern: RegExp, fallback: string, options: ParamOptions = {}): UrlParam<string> => ({
    ...options,
    fallback,
    parse: (raw) => (pattern.test(raw) ? raw : undefined),
    serialize: (value) => value,
  }),

  /** Several of a fixed set, comma-separated (`status=confirmed,pending`); unknown items are dropped. */
  listOf: <T extends string>(values: readonly T[], options: ParamOptions = {}): UrlParam<T[]> => ({
    ...options,
    fallback: [],
    parse: (raw) => raw.split(',').filter((item): item is T => (values as readonly string[]).includes(item)),
    serialize: (value) => value.join(','),
  }),

  /** A calendar day `YYYY-MM-DD`, or null. */
  day: (options: ParamOptions = {}): UrlParam<string | null> => ({
    ...options,
    fallback: null,
    parse: (raw) => (DAY.test(raw) ? raw : undefined),
    serialize: (value) => value ?? '',
  }),

  /** A switch written as `1` (`?vip=1`, `?new=1`); absent means off. */
  flag: (options: ParamOptions = {}): UrlParam<boolean> => ({
    ...options,
    fallback: false,
    parse: (raw) => (raw === '1' ? true : undefined),
    serialize: (value) => (value ? '1' : ''),
  }),

  /** The page number of a paged list: a whole number from 1, reset when a filter changes. */
  page: (options: Omit<ParamOptions, 'filter'> = {}): UrlParam<number> => ({
    ...options,
    page: true,
    fallback: 1,
    parse: (raw) => (/^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined),
    serialize: (value) => (value > 1 ? String(value) : ''),
  }),
};

const keyOf = (name: string, param: UrlParam<unknown>) => param.key ?? name;

/** The values a URL describes; anything missing or unreadable is its default. */
export function readUrlState<D extends UrlStateDefinition>(definition: D, params: URLSearchParams): UrlStateValues<D> {
  const values: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(definition) as [string, UrlParam<unknown>][]) {
    const raw = params.get(keyOf(name, param));
    const parsed = raw === null || raw === '' ? undefined : param.parse(raw);
    values[name] = parsed === undefined ? param.fallback : parsed;
  }
  return values as UrlStateValues<D>;
}

/**
 * The next URL parameters: `patch` written over `current` (other parameters are kept), defaults
 * left out, and the page reset when a filter changed (unless the patch sets the page itself).
 */
export function writeUrlState<D extends UrlStateDefinition>(
  definition: D,
  current: URLSearchParams,
  patch: Partial<UrlStateValues<D>>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  let filterChanged = false;
  for (const [name, value] of Object.entries(patch) as [string, unknown][]) {
    const param: UrlParam<unknown> | undefined = definition[name];
    if (!param || value === undefined) continue;
    const key = keyOf(name, param);
    const text = value === null ? '' : param.serialize(value);
    const fallback = param.fallback === null ? '' : param.serialize(param.fallback);
    if (text === '' || text === fallback) next.delete(key);
    else next.set(key, text);
    if (param.filter && (current.get(key) ?? '') !== (next.get(key) ?? '')) filterChanged = true;
  }
  if (filterChanged) {
    for (const [name, param] of Object.entries(definition)) {
      if (param.page && !(name in patch)) next.delete(keyOf(name, param));
    }
  }
  return next;
}

/** Every filter back to its default (and so the first page); other values stay. */
export function filterDefaults<D extends UrlStateDefinition>(definition: D): Partial<UrlStateValues<D>> {
  return Object.fromEntries(
    Object.entries(definition)
      .filter(([, param]) => param.filter)
      .map(([name, param]) => [name, param.fallback]),
  ) as Partial<UrlStateValues<D>>;
}
