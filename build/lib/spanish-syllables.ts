/**
 * Spanish syllables by the rules of the Real Academia Española (Ortografía de
 * la lengua española, RAE y ASALE, 2010; Diccionario panhispánico de dudas,
 * «diptongo», «hiato», «triptongo», «h»): written Spanish says how it is
 * spoken, so a word's syllables follow from its letters, with no dictionary.
 */

/** The open vowels: two of them side by side are always two syllables (po-e-ta, le-er). */
const OPEN = new Set(['a', 'e', 'o', 'á', 'é', 'ó']);

/** The closed vowels; with the accent (í, ú) one stands alone beside an open vowel (pa-ís, re-ú-ne). */
const CLOSED = new Set(['i', 'u', 'ü', 'y', 'í', 'ú']);

/** The letter pairs that sound as one consonant and are never parted (ca-lle, pe-rro, co-che). */
const DIGRAPHS = new Set(['ch', 'll', 'rr']);

/** One sound of the word: a vowel, or a consonant written with one or two letters. */
interface Sound {
  letters: string;
  vowel: boolean;
}

/** The accent and the dieresis aside, as RAE pairs the closed vowels (u and ü are one vowel, i and y another). */
const plain = (vowel: string) => ({ í: 'i', ú: 'u', ü: 'u', y: 'i' })[vowel] ?? vowel;

/**
 * Whether two vowels side by side share a syllable. Two open vowels never do;
 * a closed vowel with the accent never shares one with an open vowel; an
 * unstressed closed vowel does with any other vowel, and two different closed
 * vowels always do (ciu-dad, cui-da-do, je-sui-ta), while the same one twice
 * does not (chi-i-ta).
 */
function together(first: string, second: string): boolean {
  if (OPEN.has(first) && OPEN.has(second)) return false;
  if (CLOSED.has(first) && CLOSED.has(second)) return plain(first) !== plain(second);
  return !['í', 'ú'].includes(first) && !['í', 'ú'].includes(second);
}

/**
 * The word's sounds. The `u` of `qu`, and of `gu` before e or i, is silent
 * (gue-rra, quien); with the dieresis it is spoken (pin-güi-no). A `y` is a
 * vowel where no vowel follows it (hoy, muy, Uru-guay), a consonant before one (ma-yo).
 */
function sounds(word: string): Sound[] {
  const found: Sound[] = [];
  for (let index = 0; index < word.length; index++) {
    const letter = word[index] as string;
    const next = word[index + 1] ?? '';
    const pair = letter + next;
    const silentU = (letter === 'q' && next === 'u') || (letter === 'g' && next === 'u' && /[eéií]/.test(word[index + 2] ?? ''));
    if (DIGRAPHS.has(pair) || silentU) {
      found.push({ letters: pair, vowel: false });
      index++;
    } else {
      const vowel = OPEN.has(letter) || (CLOSED.has(letter) && !(letter === 'y' && (OPEN.has(next) || CLOSED.has(next))));
      found.push({ letters: letter, vowel });
    }
  }
  return found;
}

/** Whether a vowel joins the nucleus before it: one open vowel at most in a syllable, each pair side by side sharing it. */
function joins(nucleus: string[], vowel: string): boolean {
  const last = nucleus.at(-1) as string;
  return together(last, vowel) && !(OPEN.has(vowel) && nucleus.some((letter) => OPEN.has(letter)));
}

/** Two consonants that begin a syllable together (pla-to, ha-bla, o-tro, a-tlas as most of America says it); any other pair is parted (can-to, ac-to). */
const ONSET = /^[pbfcgkt][lr]$|^dr$/;

/**
 * How the consonants between two vowels are shared: one goes with the
 * second syllable (ca-sa); of more, the last two go together when they can
 * begin a syllable (hom-bre, ins-tru-men-to), else the last alone (ins-tan-te).
 *
 * @returns how many of the consonants stay with the syllable before
 */
function consonantsBefore(consonants: readonly string[]): number {
  if (consonants.length < 2) return 0;
  const lastTwo = consonants.slice(-2).join('');
  return consonants.length - (ONSET.test(lastTwo) ? 2 : 1);
}

/** The word's nuclei, each its vowels, with an `h` between two vowels that share the syllable kept inside it (prohi-bi-do, ahu-ma-do). */
function nuclei(word: readonly Sound[]): { start: number; end: number }[] {
  const found: { start: number; end: number; vowels: string[] }[] = [];
  for (const [index, sound] of word.entries()) {
    if (!sound.vowel) continue;
    const last = found.at(-1);
    // RAE: an h between vowels does not keep them from one syllable; a written accent marks where it does (pro-hí-be, bú-ho).
    const between = last === undefined ? '' : word.slice(last.end + 1, index).map((other) => other.letters).join('');
    if (last !== undefined && (between === '' || between === 'h') && joins(last.vowels, sound.letters)) {
      last.end = index;
      last.vowels.push(sound.letters);
    } else found.push({ start: index, end: index, vowels: [sound.letters] });
  }
  return found;
}

/**
 * A Spanish word's syllables, as RAE divides them: ciu-dad, pa-ís,
 * gue-rra, pin-güi-no, U-ru-guay, a-ho-ra, pro-hí-be. A word is read as
 * written, in small letters; what is not a letter is left out, so a word with
 * no vowel (a number, an abbreviation such as `Dr`) has none.
 *
 * @param word one word, in any case, with or without punctuation around it
 */
export function spanishSyllables(word: string): string[] {
  const letters = sounds(word.normalize('NFC').toLowerCase().replace(/[^\p{L}]/gu, ''));
  const spans = nuclei(letters);
  const text = (from: number, to: number) => letters.slice(from, to).map((sound) => sound.letters).join('');
  const starts = spans.map((span, index) => {
    const before = spans[index - 1];
    if (before === undefined) return 0;
    const consonants = letters.slice(before.end + 1, span.start).map((sound) => sound.letters);
    return before.end + 1 + consonantsBefore(consonants);
  });
  return starts.map((start, index) => text(start, starts[index + 1] ?? letters.length));
}
