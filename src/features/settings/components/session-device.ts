/**
 * A readable device for a session's user agent ("Chrome on Android"): the browser and the
 * operating system, each a proper name that reads the same in every language, or null when the
 * user agent does not tell (the screen then says "Unknown browser" / "unknown system").
 *
 * Order matters: Edge, Opera and Samsung Internet also claim "Chrome", Chrome also claims
 * "Safari", and iPadOS 13+ claims to be a Mac ("Macintosh" with touch is not visible here, so
 * an iPad in desktop mode reads as macOS — what its owner chose it to say).
 */
export interface SessionDevice {
  browser: string | null;
  os: string | null;
}

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const match = (ua: string, table: readonly [RegExp, string][]) => table.find(([re]) => re.test(ua))?.[1] ?? null;

export function describeDevice(userAgent: string | null | undefined): SessionDevice {
  const ua = userAgent ?? '';
  return { browser: match(ua, BROWSERS), os: match(ua, SYSTEMS) };
}
