/**
 * The Spanish syllable counter against words whose syllables the Real
 * Academia Española gives. The divisions follow RAE y ASALE, Ortografía de
 * la lengua española (2010): its sequences of vowels (diphthongs, triphthongs
 * and hiatus, where two open vowels, or a closed vowel with the accent beside
 * an open one, are two syllables, and `ui`, `iu`, `guion`, `truhan` are one
 * for the written language), its `h` between vowels (which does not keep a
 * diphthong from forming: prohi-bir, rehu-sar), its digraphs (ch, ll, rr and
 * the `qu`, `gu` of a silent u), and its division of words into syllables
 * (one consonant between vowels goes with the second, pl, br, tr… begin a
 * syllable together); and the Diccionario panhispánico de dudas (2005),
 * «diptongo», «hiato», «triptongo». The words are divided into syllables, not
 * as a line may be broken (which never leaves one vowel alone: a-ho-ra is
 * three syllables, though a line may not end in «a-»).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spanishSyllables } from '../../../build/lib/spanish-syllables.ts';

/** Words as RAE divides them, a hyphen between syllables, by what they test. */
const DIVIDED: Record<string, readonly string[]> = {
  'diphthongs: an unstressed closed vowel beside another vowel, or two different closed vowels': [
    'ciu-dad', 'cui-da-do', 'ai-re', 'hoy', 'muy', 'ley', 'cau-sa', 'pei-ne', 'bue-no', 'tie-ne', 'nie-ve', 'viu-da', 'je-sui-ta', 'far-ma-céu-ti-co', 'tam-bién', 'a-sis-ten-cia', 'in-fluen-za', 'guion', 'truhan',
  ],
  'triphthongs': ['U-ru-guay', 'Pa-ra-guay', 'buey', 'es-tu-diáis', 'lim-piéis', 'a-ve-ri-güéis'],
  'hiatus: two open vowels, or a stressed closed vowel with its written accent, or the same closed vowel twice': [
    'pa-ís', 'dí-a', 'rí-o', 're-ú-ne', 'o-í-do', 'ba-úl', 'ma-íz', 'grú-a', 'le-í-a', 'po-e-ta', 'le-er', 'ca-er', 'cre-er', 'mu-se-o', 'o-cé-a-no', 'hé-ro-e', 'a-or-ta', 'zo-o-ló-gi-co', 'po-e-sí-a', 'chi-i-ta',
  ],
  'll, rr and ch, one consonant never parted': ['ca-lle', 'lla-mar', 'pas-ti-lla', 'pe-rro', 'gui-ta-rra', 'co-che', 'mu-cha-cho', 'hon-ra', 'al-re-de-dor'],
  'qu and gu with a silent u; gü, and gu before a or o, with a spoken one': ['que-so', 'a-quí', 'quien', 'gue-rra', 'se-guir', 'pin-güi-no', 'ver-güen-za', 'ci-güe-ña', 'a-gua', 'len-gua', 'guan-te'],
  'y: a vowel where no vowel follows it, a consonant before one': ['y', 'hay', 'soy', 'es-toy', 'ma-yo', 'a-yer', 'a-yu-da', 'le-yes', 're-yes'],
  'h between vowels: a diphthong forms across it unless a written accent parts them': [
    'a-ho-ra', 'pro-hí-be', 'bú-ho', 'a-hí', 're-hú-so', 'al-co-hol', 'za-na-ho-ria', 'prohi-bi-do', 'ahu-ma-do', 'rehu-sar', 'des-ha-cer', 'in-hu-ma-no', 'hue-vo', 'hie-lo',
  ],
  'consonants between vowels: one goes to the next syllable, a group such as br or tr with it, others are parted': [
    'ca-sa', 'hom-bre', 'do-ble', 'a-pli-car', 'ins-tru-men-to', 'ins-tan-te', 'obs-tá-cu-lo', 'abs-trac-to', 'trans-por-te', 'ac-ción', 'e-xa-men', 'me-di-ca-men-tos',
  ],
  'capitals and accents, read as the same letters in small type': ['ME-DI-CA-RE', 'Ñan-dú', 'ÁR-BOL', 'PA-ÍS', 'A-ve-ri-GÜÉIS'],
};

for (const [subject, words] of Object.entries(DIVIDED)) {
  test(`Spanish syllables, ${subject}`, () => {
    for (const divided of words) {
      const word = divided.replaceAll('-', '');
      assert.equal(spanishSyllables(word).join('-'), divided.toLowerCase(), word);
    }
  });
}

/**
 * Words RAE lets be divided in more than one way, where the ways have as many
 * syllables: a prefix may be kept whole or divided as the word sounds
 * (des-am-pa-ro or de-sam-pa-ro, Ortografía 2010), and `tl` begins a syllable
 * in most of America and the Canaries (a-tlas) but not in most of Spain
 * (at-las). The count is what a reading score takes.
 */
const COUNTED: readonly [string, number][] = [
  ['desamparo', 4],
  ['nosotros', 3],
  ['subrayar', 3],
  ['sublunar', 3],
  ['transatlántico', 5],
  ['inhábil', 3],
  ['posguerra', 3],
  ['reelegir', 4],
  ['microondas', 4],
  ['antiinflamatorio', 7],
  ['atlas', 2],
  ['atleta', 3],
];

test('Spanish syllables of words whose division RAE leaves open, counted the same either way', () => {
  for (const [word, count] of COUNTED) assert.equal(spanishSyllables(word).length, count, word);
});

test('what is not a letter is left out of a word, and a word with no vowel has no syllable', () => {
  assert.deepEqual(spanishSyllables('¿Qué?'), ['qué']);
  assert.deepEqual(spanishSyllables('«día»,'), ['dí', 'a']);
  assert.deepEqual(spanishSyllables('COVID-19'), ['co', 'vid']);
  for (const none of ['Dr.', '2026', '$2,100', '']) assert.deepEqual(spanishSyllables(none), [], none);
});
