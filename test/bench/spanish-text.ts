/**
 * Spanish-looking text for the bilingual benchmark corpus: each English word
 * of a synthetic article becomes a Spanish word of the same length, chosen by
 * a hash of the word, so that a translation is as long as its original, holds
 * the same markdown, and is the same on every run. It is not a translation:
 * the benchmark needs bodies of Spanish letters and the same size to parse and
 * render, not sense. Web addresses, link targets, task boxes and footnote
 * labels are kept as written, so that the translation links where its
 * original does.
 */

const VOCABULARY = (
  'a y o e de la el en su es un se lo no al le ya mi ' +
  'los las del que con por una más muy sus hay día año son ' +
  'para como pero este cada vida bien casa cita piel peso días años ' +
  'salud dolor sueño dieta tiene puede desde mucho otras menos ' +
  'médico visita ayudar cuerpo semana riesgo cambio presión ' +
  'pruebas consejo familia síntoma control corazón también cuidado ' +
  'paciente medicina consulta síntomas análisis cuidados mediante pregunta ' +
  'ejercicio problemas preguntas seguridad pacientes alimentos ' +
  'enfermedad importante frecuencia resultados necesarios ' +
  'tratamiento diagnóstico información medicamento ' +
  'especialista medicamentos recomendable conversación ' +
  'recomendación independiente diagnosticado ' +
  'complicaciones circunstancias administración ' +
  'hospitalización recomendaciones responsabilidad ' +
  'correspondientes acompañamientos'
).split(' ');

/** The vocabulary by word length: `WORDS_OF_LENGTH[n]` holds the words of n letters. */
const WORDS_OF_LENGTH: readonly (readonly string[])[] = (() => {
  const byLength: string[][] = [];
  for (const word of VOCABULARY) (byLength[word.length] ??= []).push(word);
  return byLength;
})();

const LONGEST = WORDS_OF_LENGTH.length - 1;

/** FNV-1a: a word's own number, the same on every run and platform. */
function wordHash(word: string, salt: number): number {
  let hash = 0x811c9dc5 ^ salt;
  for (let index = 0; index < word.length; index++) hash = Math.imul(hash ^ word.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** A Spanish word of exactly `length` letters for an English word; longer than the vocabulary's longest, two joined. */
function spanishWordOfLength(word: string, length: number, salt = 0): string {
  if (length > LONGEST) return spanishWordOfLength(word, LONGEST, salt) + spanishWordOfLength(word, length - LONGEST, salt + 1);
  const choices = WORDS_OF_LENGTH[length] as readonly string[];
  return choices[wordHash(word.toLowerCase(), salt) % choices.length] as string;
}

function spanishWord(word: string): string {
  // Initials such as HMO or PPO stay as they are, as a translator would keep them.
  if (word.length > 1 && word === word.toUpperCase()) return word;
  const spanish = spanishWordOfLength(word, word.length);
  return /^[A-Z]/.test(word) ? spanish.charAt(0).toUpperCase() + spanish.slice(1) : spanish;
}

/** What the text keeps as written: bare web addresses, link and image targets, task boxes, footnote labels. */
const KEPT = /https?:\/\/[^\s)\]]+|www\.[^\s)\]]+|\]\([^)]*\)|\[[ xX]\]|\[\^[^\]]*\]/g;

/**
 * The Spanish-looking form of a line or a body: every word outside what
 * {@link KEPT} names replaced by a Spanish word of its length.
 *
 * @returns text of the same length as `english`
 */
export function spanishText(english: string): string {
  let spanish = '';
  let from = 0;
  for (const kept of english.matchAll(KEPT)) {
    spanish += english.slice(from, kept.index).replace(/[A-Za-z]+/g, spanishWord) + kept[0];
    from = kept.index + kept[0].length;
  }
  return spanish + english.slice(from).replace(/[A-Za-z]+/g, spanishWord);
}
