import type { InvoiceCurrency } from '@/domain/invoices';

/**
 * An invoice amount written out in words (التفقيط), as Saudi invoices print it under the totals:
 * "One thousand eight hundred sixty-three Saudi riyals only" and
 * "ألف وثمانمائة وثلاثة وستون ريالاً سعودياً فقط لا غير".
 *
 * Arabic follows the number grammar an accountant writes (nominative throughout):
 * - the counted noun by the last two digits: 0 → singular (مائة ريال سعودي), 1 → the noun and
 *   واحد after it (ريال سعودي واحد, مائة وريال سعودي واحد), 2 → the dual alone (ريالان سعوديان),
 *   3–10 → plural (ريالات سعودية), 11–99 → accusative singular (ريالاً سعودياً);
 * - 3–9 take the opposite gender of the counted noun: ثلاثة ريالات / ثلاث هللات, ثلاثة آلاف;
 * - ألف, مليون and مليار are counted the same way (ألف, ألفان, ثلاثة آلاف, أحد عشر ألفاً), and a dual
 *   directly followed by what it counts is in construct and drops its ن (مائتا ريال, ألفا ريال,
 *   مليونا ريال, مائتا ألف), as do a scale word with 11–99 directly before the currency
 *   (أحد عشر ألف ريال — ألفاً only when more follows: أحد عشر ألفاً وخمسمائة);
 * - 101 000 is مائة ألف وألف (not مائة وألف, which reads as 1 100);
 * - «مائة» (the spelling Saudi invoices use), و attached to the next word, «فقط لا غير» at the end.
 */
export type AmountLanguage = 'ar' | 'en';

const MAX_UNITS = 999_999_999_999;

interface ArabicNoun {
  one: string;
  two: string;
  /** 3–10 */
  plural: string;
  /** 11–99: the accusative singular (tamyeez). */
  accusative: string;
  feminine: boolean;
}

interface CurrencyWords {
  en: { one: string; other: string; minorOne: string; minorOther: string };
  ar: { major: ArabicNoun; minor: ArabicNoun };
}

const CURRENCIES: Record<InvoiceCurrency, CurrencyWords> = {
  SAR: {
    en: { one: 'Saudi riyal', other: 'Saudi riyals', minorOne: 'halala', minorOther: 'halalas' },
    ar: {
      major: {
        one: 'ريال سعودي',
        two: 'ريالان سعوديان',
        plural: 'ريالات سعودية',
        accusative: 'ريالاً سعودياً',
        feminine: false,
      },
      minor: { one: 'هللة', two: 'هللتان', plural: 'هللات', accusative: 'هللة', feminine: true },
    },
  },
  AED: {
    en: { one: 'UAE dirham', other: 'UAE dirhams', minorOne: 'fils', minorOther: 'fils' },
    ar: {
      major: {
        one: 'درهم إماراتي',
        two: 'درهمان إماراتيان',
        plural: 'دراهم إماراتية',
        accusative: 'درهماً إماراتياً',
        feminine: false,
      },
      minor: { one: 'فلس', two: 'فلسان', plural: 'فلوس', accusative: 'فلساً', feminine: false },
    },
  },
  USD: {
    en: { one: 'US dollar', other: 'US dollars', minorOne: 'cent', minorOther: 'cents' },
    ar: {
      major: {
        one: 'دولار أمريكي',
        two: 'دولاران أمريكيان',
        plural: 'دولارات أمريكية',
        accusative: 'دولاراً أمريكياً',
        feminine: false,
      },
      minor: { one: 'سنت', two: 'سنتان', plural: 'سنتات', accusative: 'سنتاً', feminine: false },
    },
  },
  EUR: {
    en: { one: 'euro', other: 'euros', minorOne: 'cent', minorOther: 'cents' },
    ar: {
      // يورو is a loanword and takes no tanween: عشرون يورو.
      major: { one: 'يورو', two: 'يوروان', plural: 'يوروات', accusative: 'يورو', feminine: false },
      minor: { one: 'سنت', two: 'سنتان', plural: 'سنتات', accusative: 'سنتاً', feminine: false },
    },
  },
};

/** `amount`: a decimal string such as "1863.00" (a leading minus is ignored: credit notes show positive totals). */
export function amountInWords(amount: string, currency: InvoiceCurrency, language: AmountLanguage): string {
  const { units, minor } = parseAmount(amount);
  const words = CURRENCIES[currency];
  return language === 'ar' ? arabicAmount(units, minor, words.ar) : englishAmount(units, minor, words.en);
}

function parseAmount(amount: string): { units: number; minor: number } {
  const match = /^-?(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`Not an amount: "${amount}"`);
  const units = Number(match[1]);
  if (units > MAX_UNITS) throw new RangeError(`Amount too large to write in words: "${amount}"`);
  return { units, minor: Number((match[2] ?? '0').padEnd(2, '0')) };
}

// ---------------------------------------------------------------------------------------------
// English

const EN_ONES = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_SCALES = ['', 'thousand', 'million', 'billion'];

function englishBelow1000(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(`${EN_ONES[hundreds]} hundred`);
  if (rest >= 20) parts.push(EN_TENS[Math.floor(rest / 10)]! + (rest % 10 ? `-${EN_ONES[rest % 10]}` : ''));
  else if (rest) parts.push(EN_ONES[rest]!);
  return parts.join(' ');
}

function englishNumber(value: number): string {
  if (value === 0) return 'zero';
  const parts: string[] = [];
  groupsOf(value).forEach((group, scale) => {
    if (group) parts.unshift([englishBelow1000(group), EN_SCALES[scale]].filter(Boolean).join(' '));
  });
  return parts.join(' ');
}

function englishAmount(units: number, minor: number, names: CurrencyWords['en']): string {
  const major = `${englishNumber(units)} ${units === 1 ? names.one : names.other}`;
  const cents = `${englishNumber(minor)} ${minor === 1 ? names.minorOne : names.minorOther}`;
  const text = units === 0 && minor > 0 ? cents : minor > 0 ? `${major} and ${cents}` : major;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} only`;
}

/** Groups of three digits, the units first. */
function groupsOf(value: number): number[] {
  const groups: number[] = [];
  let rest = value;
  do {
    groups.push(rest % 1000);
    rest = Math.floor(rest / 1000);
  } while (rest > 0);
  return groups;
}

// ---------------------------------------------------------------------------------------------
// Arabic

const AR_MASCULINE = ['', 'واحد', 'اثنان', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة', 'عشرة'];
const AR_FEMININE = ['', 'واحدة', 'اثنتان', 'ثلاث', 'أربع', 'خمس', 'ست', 'سبع', 'ثماني', 'تسع', 'عشر'];
const AR_TENS = ['', '', 'عشرون', 'ثلاثون', 'أربعون', 'خمسون', 'ستون', 'سبعون', 'ثمانون', 'تسعون'];
const AR_HUNDREDS = [
  '',
  'مائة',
  'مائتان',
  'ثلاثمائة',
  'أربعمائة',
  'خمسمائة',
  'ستمائة',
  'سبعمائة',
  'ثمانمائة',
  'تسعمائة',
];

interface Scale {
  one: string;
  two: string;
  /** The dual in construct, directly before what it counts: ألفا ريال. */
  twoConstruct: string;
  plural: string;
  accusative: string;
}
const AR_SCALES: Scale[] = [
  { one: 'ألف', two: 'ألفان', twoConstruct: 'ألفا', plural: 'آلاف', accusative: 'ألفاً' },
  { one: 'مليون', two: 'مليونان', twoConstruct: 'مليونا', plural: 'ملايين', accusative: 'مليوناً' },
  { one: 'مليار', two: 'ملياران', twoConstruct: 'مليارا', plural: 'مليارات', accusative: 'ملياراً' },
];

const AND = ' و';

/**
 * 3–99 counting a noun of the given gender (1 and 2 are said by the noun itself, except inside
 * 21–99: واحد وعشرون, اثنتان وعشرون).
 */
function arabicBelow100(value: number, feminine: boolean): string {
  const ones = feminine ? AR_FEMININE : AR_MASCULINE;
  if (value <= 10) return ones[value]!;
  if (value === 11) return feminine ? 'إحدى عشرة' : 'أحد عشر';
  if (value === 12) return feminine ? 'اثنتا عشرة' : 'اثنا عشر';
  const unit = value % 10;
  if (value < 20) return `${ones[unit]} ${feminine ? 'عشرة' : 'عشر'}`;
  const tens = AR_TENS[Math.floor(value / 10)]!;
  if (!unit) return tens;
  const unitWord = unit === 1 ? (feminine ? 'إحدى' : 'واحد') : unit === 8 && feminine ? 'ثمان' : ones[unit]!;
  return `${unitWord}${AND}${tens}`;
}

/** The hundreds word; مائتا in construct when what it counts follows directly. */
function hundredsWord(hundreds: number, construct: boolean): string {
  return hundreds === 2 && construct ? 'مائتا' : AR_HUNDREDS[hundreds]!;
}

/**
 * A group of thousands, millions or billions. `beforeNoun`: no lower group follows, so the scale
 * word is directly followed by the currency and stands in construct (ألفا ريال, أحد عشر ألف ريال).
 */
function arabicScaleGroup(value: number, scale: Scale, beforeNoun: boolean): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const scaleCount = (count: number): string => {
    if (count === 1) return scale.one;
    if (count === 2) return beforeNoun ? scale.twoConstruct : scale.two;
    if (count <= 10) return `${arabicBelow100(count, false)} ${scale.plural}`;
    return `${arabicBelow100(count, false)} ${beforeNoun ? scale.one : scale.accusative}`;
  };
  if (!hundreds) return scaleCount(rest);
  if (!rest) return `${hundredsWord(hundreds, true)} ${scale.one}`;
  // 101 000: مائة ألف وألف, as مائة وألف would read as 1 100.
  if (rest <= 2) return `${hundredsWord(hundreds, true)} ${scale.one}${AND}${scaleCount(rest)}`;
  return `${hundredsWord(hundreds, false)}${AND}${scaleCount(rest)}`;
}

/** A count of `noun` (> 0) with the noun in the form its last two digits call for. */
function arabicCount(value: number, noun: ArabicNoun): string {
  const groups = groupsOf(value);
  const parts: string[] = [];
  for (let scale = groups.length - 1; scale >= 1; scale -= 1) {
    const group = groups[scale]!;
    if (!group) continue;
    const beforeNoun = groups.slice(0, scale).every((lower) => lower === 0);
    parts.push(arabicScaleGroup(group, AR_SCALES[scale - 1]!, beforeNoun));
  }
  const units = groups[0]!;
  const hundreds = Math.floor(units / 100);
  const rest = units % 100;
  if (hundreds) parts.push(hundredsWord(hundreds, rest === 0));
  if (rest === 1) return [...parts, `${noun.one} ${noun.feminine ? 'واحدة' : 'واحد'}`].join(AND);
  if (rest === 2) return [...parts, noun.two].join(AND);
  if (rest) parts.push(arabicBelow100(rest, noun.feminine));
  const form = rest === 0 ? noun.one : rest <= 10 ? noun.plural : noun.accusative;
  return `${parts.join(AND)} ${form}`;
}

function arabicAmount(units: number, minor: number, names: CurrencyWords['ar']): string {
  const parts: string[] = [];
  if (units > 0) parts.push(arabicCount(units, names.major));
  if (minor > 0) parts.push(arabicCount(minor, names.minor));
  if (!parts.length) parts.push(`صفر ${names.major.one}`);
  return `${parts.join(AND)} فقط لا غير`;
}
