import type { CountryCode } from '@/domain/units';

/**
 * Address search without a geocoding service: the cities where Nuzl's customers rent, with
 * coordinates of the city centre, in English and Arabic. Saudi regions use the names the
 * demo data and Saudi Post use. Offline by design (our machines and some customers' networks
 * cannot reach a geocoder); a hosted geocoder can replace `searchCities` later without changing
 * the location picker.
 */
export interface City {
  id: string;
  en: string;
  ar: string;
  regionEn: string;
  regionAr: string;
  country: CountryCode;
  lat: number;
  lng: number;
}

type Row = [
  id: string,
  en: string,
  ar: string,
  regionEn: string,
  regionAr: string,
  country: CountryCode,
  lat: number,
  lng: number,
];

const RIYADH = ['Riyadh Province', 'منطقة الرياض'] as const;
const MAKKAH = ['Makkah Province', 'منطقة مكة المكرمة'] as const;
const MADINAH = ['Madinah Province', 'منطقة المدينة المنورة'] as const;
const EASTERN = ['Eastern Province', 'المنطقة الشرقية'] as const;
const ASIR = ['Asir Province', 'منطقة عسير'] as const;
const TABUK = ['Tabuk Province', 'منطقة تبوك'] as const;
const QASSIM = ['Qassim Province', 'منطقة القصيم'] as const;

const ROWS: Row[] = [
  ['riyadh', 'Riyadh', 'الرياض', ...RIYADH, 'SA', 24.7136, 46.6753],
  ['diriyah', 'Diriyah', 'الدرعية', ...RIYADH, 'SA', 24.734, 46.576],
  ['al-kharj', 'Al Kharj', 'الخرج', ...RIYADH, 'SA', 24.1556, 47.312],
  ['al-majmaah', 'Al Majmaah', 'المجمعة', ...RIYADH, 'SA', 25.9039, 45.3456],
  ['jeddah', 'Jeddah', 'جدة', ...MAKKAH, 'SA', 21.4858, 39.1925],
  ['makkah', 'Makkah', 'مكة المكرمة', ...MAKKAH, 'SA', 21.3891, 39.8579],
  ['taif', 'Taif', 'الطائف', ...MAKKAH, 'SA', 21.2703, 40.4158],
  ['rabigh', 'Rabigh', 'رابغ', ...MAKKAH, 'SA', 22.7986, 39.0349],
  ['al-qunfudhah', 'Al Qunfudhah', 'القنفذة', ...MAKKAH, 'SA', 19.1264, 41.0789],
  ['madinah', 'Madinah', 'المدينة المنورة', ...MADINAH, 'SA', 24.5247, 39.5692],
  ['yanbu', 'Yanbu', 'ينبع', ...MADINAH, 'SA', 24.0895, 38.0618],
  ['alula', 'AlUla', 'العلا', ...MADINAH, 'SA', 26.6085, 37.9232],
  ['dammam', 'Dammam', 'الدمام', ...EASTERN, 'SA', 26.4207, 50.0888],
  ['khobar', 'Khobar', 'الخبر', ...EASTERN, 'SA', 26.2172, 50.1971],
  ['dhahran', 'Dhahran', 'الظهران', ...EASTERN, 'SA', 26.2361, 50.0393],
  ['jubail', 'Jubail', 'الجبيل', ...EASTERN, 'SA', 27.0046, 49.646],
  ['al-ahsa', 'Al Ahsa', 'الأحساء', ...EASTERN, 'SA', 25.3833, 49.5833],
  ['qatif', 'Qatif', 'القطيف', ...EASTERN, 'SA', 26.5196, 50.0115],
  ['hafar-al-batin', 'Hafar Al Batin', 'حفر الباطن', ...EASTERN, 'SA', 28.4328, 45.9708],
  ['khafji', 'Al Khafji', 'الخفجي', ...EASTERN, 'SA', 28.4391, 48.4913],
  ['abha', 'Abha', 'أبها', ...ASIR, 'SA', 18.2164, 42.5053],
  ['khamis-mushait', 'Khamis Mushait', 'خميس مشيط', ...ASIR, 'SA', 18.3, 42.7333],
  ['al-soudah', 'Al Soudah', 'السودة', ...ASIR, 'SA', 18.2667, 42.3667],
  ['bisha', 'Bisha', 'بيشة', ...ASIR, 'SA', 19.9874, 42.5896],
  ['tabuk', 'Tabuk', 'تبوك', ...TABUK, 'SA', 28.3835, 36.5662],
  ['umluj', 'Umluj', 'أملج', ...TABUK, 'SA', 25.0213, 37.2685],
  ['al-wajh', 'Al Wajh', 'الوجه', ...TABUK, 'SA', 26.2283, 36.4636],
  ['buraidah', 'Buraidah', 'بريدة', ...QASSIM, 'SA', 26.3592, 43.9818],
  ['unaizah', 'Unaizah', 'عنيزة', ...QASSIM, 'SA', 26.084, 43.994],
  ['hail', 'Hail', 'حائل', 'Hail Province', 'منطقة حائل', 'SA', 27.5114, 41.7208],
  ['jazan', 'Jazan', 'جازان', 'Jazan Province', 'منطقة جازان', 'SA', 16.8892, 42.5511],
  ['najran', 'Najran', 'نجران', 'Najran Province', 'منطقة نجران', 'SA', 17.4917, 44.1322],
  ['al-baha', 'Al Baha', 'الباحة', 'Al Baha Province', 'منطقة الباحة', 'SA', 20.0129, 41.4677],
  ['arar', 'Arar', 'عرعر', 'Northern Borders Province', 'منطقة الحدود الشمالية', 'SA', 30.9753, 41.0381],
  ['sakaka', 'Sakaka', 'سكاكا', 'Al Jouf Province', 'منطقة الجوف', 'SA', 29.9697, 40.2064],
  ['dubai', 'Dubai', 'دبي', 'Dubai', 'دبي', 'AE', 25.2048, 55.2708],
  ['abu-dhabi', 'Abu Dhabi', 'أبوظبي', 'Abu Dhabi', 'أبوظبي', 'AE', 24.4539, 54.3773],
  ['al-ain', 'Al Ain', 'العين', 'Abu Dhabi', 'أبوظبي', 'AE', 24.2075, 55.7447],
  ['sharjah', 'Sharjah', 'الشارقة', 'Sharjah', 'الشارقة', 'AE', 25.3463, 55.4209],
  ['ras-al-khaimah', 'Ras Al Khaimah', 'رأس الخيمة', 'Ras Al Khaimah', 'رأس الخيمة', 'AE', 25.8007, 55.9762],
  ['fujairah', 'Fujairah', 'الفجيرة', 'Fujairah', 'الفجيرة', 'AE', 25.1288, 56.3265],
  ['kuwait-city', 'Kuwait City', 'مدينة الكويت', 'Capital Governorate', 'محافظة العاصمة', 'KW', 29.3759, 47.9774],
  ['doha', 'Doha', 'الدوحة', 'Doha', 'الدوحة', 'QA', 25.2854, 51.531],
  ['manama', 'Manama', 'المنامة', 'Capital Governorate', 'محافظة العاصمة', 'BH', 26.2285, 50.586],
  ['muscat', 'Muscat', 'مسقط', 'Muscat Governorate', 'محافظة مسقط', 'OM', 23.588, 58.3829],
  ['salalah', 'Salalah', 'صلالة', 'Dhofar Governorate', 'محافظة ظفار', 'OM', 17.0151, 54.0924],
  ['amman', 'Amman', 'عمّان', 'Amman Governorate', 'محافظة العاصمة', 'JO', 31.9454, 35.9284],
  ['aqaba', 'Aqaba', 'العقبة', 'Aqaba Governorate', 'محافظة العقبة', 'JO', 29.5321, 35.0063],
  ['beirut', 'Beirut', 'بيروت', 'Beirut Governorate', 'محافظة بيروت', 'LB', 33.8938, 35.5018],
  ['cairo', 'Cairo', 'القاهرة', 'Cairo Governorate', 'محافظة القاهرة', 'EG', 30.0444, 31.2357],
  ['alexandria', 'Alexandria', 'الإسكندرية', 'Alexandria Governorate', 'محافظة الإسكندرية', 'EG', 31.2001, 29.9187],
  [
    'sharm-el-sheikh',
    'Sharm El Sheikh',
    'شرم الشيخ',
    'South Sinai Governorate',
    'محافظة جنوب سيناء',
    'EG',
    27.9158,
    34.33,
  ],
];

export const CITIES: readonly City[] = ROWS.map(([id, en, ar, regionEn, regionAr, country, lat, lng]) => ({
  id,
  en,
  ar,
  regionEn,
  regionAr,
  country,
  lat,
  lng,
}));

/**
 * Folds the spellings people type into one form: case, Latin accents, Arabic diacritics and
 * tatweel, alef/hamza variants, taa marbuta and alef maqsura, the article (al-, el-, ال) and
 * punctuation. "jedda", "JEDDAH" and "جده" all find Jeddah.
 */
const ARTICLES = new Set(['al', 'el', 'ال']);

export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .map((word) => (ARTICLES.has(word) ? '' : word.replace(/^(al|el)(?=\S{3})/, '').replace(/^ال(?=\S{2})/, '')))
    .join('')
    .replace(/h$/, '');
}

/** Cities whose English or Arabic name (or region) matches; names starting with the query first. */
export function searchCities(query: string, limit = 8): City[] {
  const needle = normalizeSearch(query);
  if (!needle) return [];
  const scored: { city: City; score: number }[] = [];
  for (const city of CITIES) {
    const names = [normalizeSearch(city.en), normalizeSearch(city.ar)];
    const regions = [normalizeSearch(city.regionEn), normalizeSearch(city.regionAr)];
    let score = 0;
    if (names.some((name) => name === needle)) score = 3;
    else if (names.some((name) => name.startsWith(needle))) score = 2;
    else if (names.some((name) => name.includes(needle))) score = 1;
    else if (regions.some((region) => region.includes(needle))) score = 0.5;
    if (score > 0) scored.push({ city, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.city.en.localeCompare(b.city.en))
    .slice(0, limit)
    .map(({ city }) => city);
}
