/**
 * How many SMS parts a text costs (the composer's counter). GSM-7 (the default alphabet) fits 160
 * characters in one part and 153 per part when split; the characters of its extension table
 * (`{ } [ ] ~ \ | ^ €`) count twice. Anything else (Arabic, emoji) sends the whole text as UCS-2:
 * 70 per part, 67 when split, an emoji outside the BMP counting as two UTF-16 units.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SmsLength {
  encoding: SmsEncoding;
  /** Units used: GSM-7 septets, or UTF-16 code units for UCS-2. */
  units: number;
  segments: number;
  /** Units left in the last part before another part starts. */
  remaining: number;
}

export function smsLength(text: string): SmsLength {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (BASIC.has(char)) septets += 1;
    else if (EXTENDED.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const encoding: SmsEncoding = gsm ? 'gsm7' : 'ucs2';
  const units = gsm ? septets : text.length;
  const single = gsm ? 160 : 70;
  const part = gsm ? 153 : 67;
  if (units === 0) return { encoding, units, segments: 0, remaining: single };
  if (units <= single) return { encoding, units, segments: 1, remaining: single - units };
  const segments = Math.ceil(units / part);
  return { encoding, units, segments, remaining: segments * part - units };
}
