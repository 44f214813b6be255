import { describe, expect, it } from 'vitest';
import { describeDevice } from './session-device';

const UA = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('describeDevice', () => {
  it.each([
    ['chromeAndroid', 'Chrome', 'Android'],
    ['safariIphone', 'Safari', 'iOS'],
    ['chromeIphone', 'Chrome', 'iOS'],
    ['edgeWindows', 'Edge', 'Windows'],
    ['firefoxLinux', 'Firefox', 'Linux'],
    ['safariMac', 'Safari', 'macOS'],
    ['samsung', 'Samsung Internet', 'Android'],
  ] as const)('%s → %s on %s', (key, browser, os) => {
    expect(describeDevice(UA[key])).toEqual({ browser, os });
  });

  it('says nothing it cannot tell', () => {
    expect(describeDevice(null)).toEqual({ browser: null, os: null });
    expect(describeDevice('curl/8.5.0')).toEqual({ browser: null, os: null });
    expect(describeDevice('node')).toEqual({ browser: null, os: null });
  });

  it('reads a headless Chrome as Chrome', () => {
    expect(describeDevice(UA.headlessChrome)).toEqual({ browser: 'Chrome', os: 'Linux' });
  });
});
