/**
 * The numbers a sentence carries, as a translation is held to them: one fact
 * written the way each language writes it reads the same, and a different
 * fact, or the same digits as another kind of number, does not.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Language } from '../../../build/lib/languages.ts';
import { numbersInText, phoneDigits } from '../../../build/lib/numbers-in-text.ts';

/** Each number of a text as it compares: its kind and value. */
const read = (text: string, language: Language) => numbersInText(text, language).map(({ kind, value }) => `${kind} ${value}`);

/** Asserts that each text, in its language, carries exactly these numbers. */
function assertReads(expected: readonly string[], cases: readonly [string, Language][]): void {
  for (const [text, language] of cases) assert.deepEqual(read(text, language), expected, `${language}: ${text}`);
}

test('$2,100, 2.100 $, US$2,100 and 2,100 dólares are one amount', () => {
  assertReads(['amount 2100'], [
    ['The cap is $2,100 a year.', 'en'],
    ['The cap is US$2,100.', 'en'],
    ['The cap is 2,100 dollars.', 'en'],
    ['El límite es de $2,100 al año.', 'es'],
    ['El límite es de 2.100 $ al año.', 'es'],
    ['El límite es de US$2,100.', 'es'],
    ['El límite es de US$ 2.100.', 'es'],
    ['El límite es de 2,100 dólares.', 'es'],
    ['El límite es de 2 100 dólares.', 'es'],
    ['El límite es de 2100 USD.', 'es'],
  ]);
});

test('35%, 35 % and 35 por ciento are one percentage', () => {
  assertReads(['percent 35'], [
    ['You pay 35% of the cost.', 'en'],
    ['You pay 35 percent of the cost.', 'en'],
    ['Usted paga el 35 % del costo.', 'es'],
    ['Usted paga el 35% del costo.', 'es'],
    ['Usted paga el 35 por ciento del costo.', 'es'],
  ]);
});

test('what must not read the same: another amount, or the same digits as another kind of number', () => {
  assert.notDeepEqual(read('$2,100', 'en'), read('$2,000', 'en'));
  assert.notDeepEqual(read('35%', 'en'), read('35', 'es'));
  assert.notDeepEqual(read('$2,100', 'en'), read('2,100', 'es'));
  assert.notDeepEqual(read('$2,100', 'en'), read('2.100', 'en'));
  assert.notDeepEqual(read('35%', 'en'), read('$35', 'en'));
});

test('separators read by language: English groups with commas; Spanish groups three digits after a comma, a dot or a space, and else takes them for decimals', () => {
  const cases: [string, Language, string[]][] = [
    ['1.5', 'en', ['number 1.5']],
    ['1,5', 'es', ['number 1.5']],
    ['1.5', 'es', ['number 1.5']],
    ['2.100', 'en', ['number 2.1']],
    ['2.100', 'es', ['number 2100']],
    ['2,100', 'es', ['number 2100']],
    ['2 100', 'es', ['number 2100']],
    ['2 100', 'en', ['number 2', 'number 100']],
    ['1,5', 'en', ['number 1', 'number 5']],
    ['0,500', 'es', ['number 0.5']],
    ['3,1416', 'es', ['number 3.1416']],
    ['1.234,5', 'es', ['number 1234.5']],
    ['1,234.5', 'es', ['number 1234.5']],
    ['1,234,567', 'en', ['number 1234567']],
    ['1.234.567', 'es', ['number 1234567']],
    ['$2,100.00', 'en', ['amount 2100']],
    ['0.50', 'en', ['number 0.5']],
  ];
  for (const [text, language, expected] of cases) assert.deepEqual(read(text, language), expected, `${language}: ${text}`);
});

test('million, millones and mil multiply the number they follow', () => {
  assertReads(['amount 2100000'], [
    ['$2.1 million', 'en'],
    ['2,1 millones de dólares', 'es'],
    ['US$2,1 millones', 'es'],
  ]);
  assert.deepEqual(read('5 mil personas', 'es'), read('5,000 people', 'en'));
  assert.deepEqual(read('2 millas', 'es'), ['number 2'], 'a word that starts like one is not one');
});

test('a date carries its day and year, whichever way round, and a time of day reads as one number', () => {
  assert.deepEqual(read('October 15, 2025', 'en'), ['number 15', 'number 2025']);
  assert.deepEqual(read('15 de octubre de 2025', 'es'), ['number 15', 'number 2025']);
  assert.deepEqual(read('from 8:00 a.m. to 5:00 p.m.', 'en'), read('de 8:00 a. m. a 5:00 p. m.', 'es'));
  assert.deepEqual(read('08:30', 'es'), ['time 8:30']);
});

test('a phone number reads as its digits, however it is written, a leading country code 1 dropped', () => {
  assertReads(['phone 8006334227'], [
    ['Call 1-800-633-4227.', 'en'],
    ['Call (800) 633-4227.', 'en'],
    ['Call 800-633-4227.', 'en'],
    ['Call 800.633.4227.', 'en'],
    ['Call +1 800 633 4227.', 'en'],
    ['Llame al 1-800-MEDICARE.', 'es'],
  ]);
  assert.deepEqual(read('1-800-MEDICARE (1-800-633-4227)', 'en'), ['phone 8006334227', 'phone 8006334227']);
  assert.deepEqual(read('1-800-633-HELP', 'en'), ['phone 8006334357']);
  assert.equal(phoneDigits('+18006334227'), '8006334227');
  assert.equal(phoneDigits('18006334227'), '8006334227');
  assert.equal(phoneDigits('8006334227'), '8006334227');
  assert.equal(phoneDigits('+525512345678'), '525512345678', 'another country keeps its code');
});

test('web and e-mail addresses and figure quotes are not read for numbers; digits beside letters are', () => {
  assert.deepEqual(read('See https://www.medicare.gov/2026/costs or www.ssa.gov/2025, or write to dr2@example.com.', 'en'), []);
  assert.deepEqual(read('The cap rises to {{partDOutOfPocketCap2026}}.', 'en'), []);
  assert.deepEqual(read('COVID-19 shots', 'en'), ['number 19']);
});

test('each number is told as written, at its place in the text', () => {
  assert.deepEqual(
    numbersInText('De 2.100 $ a 35 por ciento.', 'es').map(({ written, index }) => [written, index]),
    [
      ['2.100 $', 3],
      ['35 por ciento', 13],
    ],
  );
});
