/**
 * The numbers a sentence carries, read so that one fact written the way each
 * language writes it reads the same: what a translation is held to
 * (DECISIONS.md "Languages": a translation keeps every number of its source).
 *
 * How the text is read, in this order:
 * - Web addresses, e-mail addresses and `{{figure}}` quotes are not read
 *   (their digits are a name, not a number; figures are compared by name).
 * - Phone numbers, by their digits: `1-800-633-4227`, `(800) 633-4227`,
 *   `+1 800 633 4227` and `1-800-MEDICARE` (letters as a phone's keypad has
 *   them, the first seven after the area code) are all `8006334227`. A leading
 *   1 before ten digits is North America's country code and is dropped, so
 *   that `tel:+18006334227` and `(800) 633-4227` are one number.
 * - Times of day, `8:00` (a. m. or p. m. are words, not numbers).
 * - Every other number, with what is written around it: `$`, `US$` or `USD`
 *   before, or `$`, `USD`, `dollars` or `dólares` after, make it an amount;
 *   `%`, `percent` or `por ciento` after make it a percentage; `million`,
 *   `millones`, `mil` (and the like) after multiply it. `$2,100`, `2.100 $`,
 *   `US$2,100` and `2,100 dólares` are one amount; `35%`, `35 %` and
 *   `35 por ciento` one percentage; `$2,100` and `2,100`, or `35%` and `35`,
 *   are not the same.
 * - Separators, by language. English: a comma before each group of three
 *   digits (`2,100`), a dot before decimals (`1.5`); `2.100` is two point one.
 *   Spanish, and any other language (US style, as the site writes it, or as
 *   Spain and most of Latin America do): a comma, a dot or a space before groups of exactly three
 *   digits are thousands (`2,100`, `2.100`, `2 100` are all 2100), as long
 *   as the number does not start with 0; a comma or a dot before one, two or
 *   more than three digits is a decimal point (`1,5` and `1.5` are 1.5;
 *   `0,500` is 0.5); when both come, the last is the decimal point
 *   (`1.234,5` and `1,234.5`).
 * Dates carry their numbers as numbers: `October 15, 2025` and
 * `15 de octubre de 2025` both read 15 and 2025.
 */
import { FIGURE_TOKEN } from './figure-token.ts';
import type { Language } from './languages.ts';

/** What a number is to a reader. */
export type QuantityKind = 'amount' | 'percent' | 'number' | 'time' | 'phone';

/** One number as a text writes it, and as it compares. */
export interface WrittenQuantity {
  kind: QuantityKind;
  /** The same for every way of writing it: `2100` for `$2,100` and `2.100 $`; a phone's ten digits. */
  value: string;
  /** As the text has it: `$2,100`. */
  written: string;
  /** Where it starts in the text. */
  index: number;
}

/** What is not read for numbers: web and e-mail addresses, figure quotes. */
const NOT_READ = [/\b(?:https?:\/\/|www\.)\S+/gi, /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, FIGURE_TOKEN];

/** A phone written with digits: an optional country code 1, the area code (in parentheses or not), then 3 and 4 digits. */
const PHONE = /(?<![\w+])(?:\+?1[\s.-]?)?(?:\(\d{3}\)[\s.-]?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(?!\d)/g;
/** A phone written with capital letters after its area code: `1-800-MEDICARE`, `1-800-633-HELP`. */
const LETTERED_PHONE = /(?<![\w+])(?:\+?1[\s.-])?\d{3}-(?=[A-Z\d-]*[A-Z])[A-Z\d]{3}-?[A-Z\d]{4,}(?![\w])/g;
/** A time of day, `8:00` or `14:30`. */
const TIME = /(?<![\d:])(?:[01]?\d|2[0-3]):[0-5]\d(?![\d:])/g;

/** How numbers are grouped and their decimals marked: English's way, and the way read for every other language (Spanish's, which takes either). */
const NUMBERS = {
  english: String.raw`(?:[1-9]\d{0,2}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?`,
  other: [String.raw`[1-9]\d{0,2}(?:,\d{3})+(?!\d)(?:\.\d+)?`, String.raw`[1-9]\d{0,2}(?:\.\d{3})+(?!\d)(?:,\d+)?`, String.raw`[1-9]\d{0,2}(?:[\u00A0\u202F ]\d{3})+(?!\d)(?:[.,]\d+)?`, String.raw`\d+(?:[.,]\d+)?`].join('|'),
};
const CURRENCY_BEFORE = String.raw`US\s?\$|USD\s?|\$`;
/** Words that multiply the number before them, by the power of ten. */
const MULTIPLIERS: Readonly<Record<string, number>> = { thousand: 3, million: 6, billion: 9, mil: 3, millón: 6, millon: 6, millones: 6, 'mil millones': 9 };
const MULTIPLIER = String.raw`\s(?:mil\s+millones|millones|millón|millon|million|billion|thousand|mil)(?!\p{L})`;
const PERCENT_AFTER = String.raw`\s?%|\s(?:percent|per\s+cent|por\s+ciento)(?!\p{L})`;
const CURRENCY_AFTER = String.raw`\s?\$(?![\p{L}\d])|\s?USD(?!\p{L})|\s(?:de\s)?(?:dólares|dolares|dólar|dolar|dollars|dollar)(?!\p{L})`;

/** A number with what is written around it, in one way of writing numbers (matchAll works on a copy, so one pattern serves every text). */
const quantityPattern = (numbers: string) =>
  new RegExp(String.raw`(?<before>(?:${CURRENCY_BEFORE})\s?)?(?<![\d])(?<number>${numbers})(?<times>${MULTIPLIER})?(?:(?<percent>${PERCENT_AFTER})|(?<currency>${CURRENCY_AFTER}))?`, 'giu');
const QUANTITIES = { english: quantityPattern(NUMBERS.english), other: quantityPattern(NUMBERS.other) };
const inEnglish = (language: Language) => language === 'en';

/** The digits of a phone number, less North America's country code 1 before ten digits. */
export function phoneDigits(written: string): string {
  const digits = written.replace(/[A-Z]/g, keypadDigit).replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** A capital letter as a phone's keypad has it (ABC on 2 … WXYZ on 9). */
function keypadDigit(letter: string): string {
  const keys = ['ABC', 'DEF', 'GHI', 'JKL', 'MNO', 'PQRS', 'TUV', 'WXYZ'];
  return String(keys.findIndex((key) => key.includes(letter)) + 2);
}

/** A lettered phone's number: its area code and the first seven of its letters and digits (`1-800-MEDICARE` → 800 633 4227). */
function letteredPhone(written: string): string {
  const [area = '', ...rest] = written.replace(/^\+?1[\s.-]/, '').split('-');
  return phoneDigits(`${area}${rest.join('').slice(0, 7)}`);
}

/** The number's decimal digits, the dot where the language's separators put it, and the power of ten it is multiplied by. */
function decimalOf(number: string, language: Language, shift: number): string {
  const compact = number.replace(/[\s\u00A0\u202F]/g, '');
  let whole = compact;
  let fraction = '';
  if (inEnglish(language)) [whole = '', fraction = ''] = compact.replace(/,/g, '').split('.');
  else if (!/^[1-9]\d{0,2}([.,])\d{3}(?:\1\d{3})*$/.test(compact)) {
    const point = Math.max(compact.lastIndexOf(','), compact.lastIndexOf('.'));
    [whole, fraction] = point === -1 ? [compact, ''] : [compact.slice(0, point), compact.slice(point + 1)];
  }
  const digits = `${whole.replace(/\D/g, '')}${fraction}`;
  const pointAt = digits.length - fraction.length + shift;
  const padded = digits.padEnd(pointAt, '0');
  const integer = padded.slice(0, pointAt).replace(/^0+(?=\d)/, '') || '0';
  const decimals = padded.slice(pointAt).replace(/0+$/, '');
  return decimals === '' ? integer : `${integer}.${decimals}`;
}

/** The text with each match of a pattern blanked (same length, so places stay), once told to `found`. */
function taken(text: string, pattern: RegExp, found: (written: string, index: number) => void): string {
  let blanked = text;
  for (const match of text.matchAll(pattern)) {
    found(match[0], match.index);
    blanked = `${blanked.slice(0, match.index)}${' '.repeat(match[0].length)}${blanked.slice(match.index + match[0].length)}`;
  }
  return blanked;
}

/**
 * Every number a text carries, in the order written.
 *
 * @param text a sentence or a block of a page, as a reader reads it
 * @param language the language it is written in, which says how its separators read
 */
export function numbersInText(text: string, language: Language): WrittenQuantity[] {
  const found: WrittenQuantity[] = [];
  const add = (kind: QuantityKind, value: (written: string) => string) => (written: string, index: number) => found.push({ kind, value: value(written), written, index });
  let rest = NOT_READ.reduce((unread, pattern) => taken(unread, pattern, () => undefined), text);
  rest = taken(rest, PHONE, add('phone', phoneDigits));
  rest = taken(rest, LETTERED_PHONE, add('phone', letteredPhone));
  rest = taken(rest, TIME, add('time', (written) => written.replace(/^0(?=\d)/, '')));
  for (const match of rest.matchAll(inEnglish(language) ? QUANTITIES.english : QUANTITIES.other)) {
    const { before, number = '', times, percent, currency } = match.groups ?? {};
    const shift = times === undefined ? 0 : (MULTIPLIERS[times.trim().replace(/\s+/g, ' ')] ?? 0);
    const kind = percent !== undefined ? 'percent' : before !== undefined || currency !== undefined ? 'amount' : 'number';
    found.push({ kind, value: decimalOf(number, language, shift), written: match[0].trim(), index: match.index + (match[0].length - match[0].trimStart().length) });
  }
  return found.sort((a, b) => a.index - b.index);
}
