/**
 * No English chrome under /es: the sample site built as shipped, every
 * out/es/**.html page read for what a reader sees or hears (its text, its
 * `title`, `aria-label`, `alt` and `placeholder`, its description and
 * sharing metas, its structured data), and none of it may say a phrase of
 * the English catalogue (templates/messages/en.ts, the markdown stage's words
 * included) that the physician did not write in Spanish. The widget script
 * reads its words by `<html lang>`, and its bundle carries Spanish's. Dates
 * in Spanish lists are in words and reading times say "min de lectura".
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import fg from 'fast-glob';
import { parse } from 'yaml';
import { decodeEntities } from '../../build/check/page-facts.ts';
import { FEED_FILES } from '../../build/config.ts';
import type { CalendarDay } from '../../build/lib/calendar-day.ts';
import { feedFile } from '../../build/lib/languages.ts';
import { en } from '../../templates/messages/en.ts';
import { es } from '../../templates/messages/es.ts';
import { elements } from '../helpers/elements.ts';
import { sampleSite } from '../helpers/sample-site.ts';
import { SAMPLE_CONTENT } from '../helpers/sites.ts';

/** Where a catalogue's function puts a value it is given: the pieces between are the catalogue's own words. */
const MARK = '\u0001';

/** A value for any argument a catalogue's function takes: text where it is written, a number of pages, the identity for a link's words. */
const anyArgument: unknown = new Proxy(
  {},
  {
    get: (_target, key) => {
      if (key === Symbol.toPrimitive) return () => MARK;
      if (key === 'pages') return 2;
      return ['contact', 'portal', 'call911'].includes(String(key)) ? (text: string) => text : MARK;
    },
  },
);

/** Arguments to try, in turn, until the function answers without throwing or writing `NaN`: an object or text, a time, a day, a list. */
const SAMPLE_ARGUMENTS: unknown[] = [anyArgument, MARK, '17:00', '2025-10-15' satisfies CalendarDay, [MARK, MARK]];

/** What a function of a catalogue writes, with its arguments marked. */
function written(say: (value: unknown) => unknown): string | undefined {
  for (const argument of SAMPLE_ARGUMENTS) {
    try {
      const said = say(argument);
      const text = Array.isArray(said) ? said.map((piece) => (typeof piece === 'string' ? piece : MARK)).join(MARK) : String(said);
      if (!/NaN|Invalid/.test(text)) return text;
    } catch {
      // Not this kind of argument: the next one.
    }
  }
  return undefined;
}

/**
 * A catalogue's phrases: every string, and every piece of what each function
 * writes around its arguments, trimmed of spaces and punctuation at its
 * edges; a lone word in lower case ("by", "page") is as likely a word of
 * another language's name, and left out.
 */
function phrases(catalogue: unknown): Set<string> {
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (typeof value === 'function') texts.push(written(value as (value: unknown) => unknown) ?? '');
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  walk(catalogue);
  const pieces = texts.flatMap((text) => text.split(MARK)).map((piece) => piece.replace(/^[\s\p{P}\p{S}]+|[\s,:;|·()]+$/gu, '').replace(/\s+/g, ' '));
  return new Set(pieces.filter((piece) => /\p{L}/u.test(piece) && (piece.includes(' ') || /^\p{Lu}/u.test(piece))));
}

/** The phrases Spanish says as English does: names, the same in both. A sentence copied from English would be one more. */
const SHARED = [...phrases(en)].filter((phrase) => phrases(es).has(phrase));

/** English's phrases that Spanish does not say the same way. */
const ENGLISH = [...phrases(en)].filter((phrase) => !SHARED.includes(phrase));

/** Whether a text says a phrase, as whole words. */
const says = (text: string, phrase: string) => new RegExp(`(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(text);

/** Every text value of the `es:` groups of a data file, however deep. */
function spanishValues(value: unknown, inSpanish = false): string[] {
  if (typeof value === 'string') return inSpanish ? [value] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => spanishValues(inner, inSpanish || key === 'es'));
}

/** What the physician wrote in Spanish: the Spanish files and the data files' `es:` groups. A quotation or a name in English there is theirs. */
const AUTHORED = [
  ...fg.sync('**/*.es.md', { cwd: SAMPLE_CONTENT, absolute: true }).map((file) => readFileSync(file, 'utf8')),
  ...fg.sync('*.yaml', { cwd: SAMPLE_CONTENT, absolute: true }).flatMap((file) => spanishValues(parse(readFileSync(file, 'utf8')))),
].join('\n');

/** Void elements: no closing tag follows them. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/g;

/** The text a reader sees of a page, script and style left out, and what is marked as English (`lang="en"`, the language link) left out as such. */
function visibleText(html: string): string[] {
  const found: string[] = [];
  const open: { name: string; skipped: boolean }[] = [];
  let from = 0;
  for (const match of html.matchAll(TAG)) {
    if (!open.some(({ skipped }) => skipped)) found.push(decodeEntities(html.slice(from, match.index)));
    from = match.index + match[0].length;
    const [, closing, tag = '', attributes = ''] = match;
    const name = tag.toLowerCase();
    if (closing) open.splice(open.map((element) => element.name).lastIndexOf(name));
    else if (tag !== '' && !VOID.has(name) && !match[0].endsWith('/>')) open.push({ name, skipped: ['script', 'style'].includes(name) || /\slang="en/.test(attributes) });
  }
  return found.map((text) => text.trim()).filter((text) => text !== '');
}

/** The words of a JSON text: its strings, but its keywords (`@type`) and its addresses, such as schema.org's `https://schema.org/Monday`. */
function jsonWords(json: string): string[] {
  const strings: string[] = [];
  JSON.parse(json, (key, value: unknown) => {
    if (typeof value === 'string' && !key.startsWith('@') && !/^(https?:|\/)/.test(value)) strings.push(value);
    return value;
  });
  return strings;
}

/** Metas whose content a search engine or a sharing card shows. */
const TEXT_METAS = /^(description|og:(title|description|site_name|image:alt)|twitter:(title|description|image:alt))$/;

/** The attributes a reader hears or sees of a page (English-marked elements left out), its text metas, and its structured data's words. */
function attributeText(html: string): string[] {
  const shown = elements(html).filter((element) => !(element.attributes.lang ?? '').startsWith('en'));
  const attributes = shown.flatMap(({ attributes: values }) => ['title', 'aria-label', 'alt', 'placeholder'].flatMap((name) => values[name] ?? []));
  const metas = shown.filter(({ name, attributes: values }) => name === 'meta' && TEXT_METAS.test(values.name ?? values.property ?? '')).map(({ attributes: values }) => values.content ?? '');
  const data = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) => jsonWords(match[1] ?? 'null'));
  return [...attributes, ...metas, ...data];
}

/** What each /es page says in English of the catalogue's, but for what the physician wrote. */
function englishChrome(pages: readonly { file: string; html: string }[]): string[] {
  return pages.flatMap(({ file, html }) =>
    [...visibleText(html), ...attributeText(html)].flatMap((text) => ENGLISH.filter((phrase) => says(text, phrase) && !says(AUTHORED, phrase)).map((phrase) => `${file}: "${phrase}" in "${text.slice(0, 120)}"`)),
  );
}

const spanishPages = async () => (await sampleSite()).pages.filter((page) => page.file.startsWith('es/') && page.file.endsWith('.html'));

test("English's phrases are found: strings, the words around a function's values, the markdown stage's; names Spanish shares are not", () => {
  for (const phrase of ['Back to Top', 'min read', 'Printed on', 'It was last reviewed on', 'October 15, 2025', 'Footnotes', 'Back to reference', 'Table', 'contacting the practice', 'Read this article in English']) {
    assert.ok(ENGLISH.includes(phrase), phrase);
  }
  assert.deepEqual(SHARED.sort(), ['Google Maps', 'Medicare.gov'], 'the phrases Spanish shares with English are names');
  assert.ok(says('Tabla: Plan', 'Plan') && !says('Planes', 'Plan') && !says('Tabla', 'Table'), 'phrases are matched as whole words');
});

test('the reading of a page finds English chrome in text and attributes, and passes over what is marked English', () => {
  const page = '<html lang="es-US"><head><meta name="description" content="Page not found"/><script>const a = "Draft";</script></head><body><a href="/" lang="en" hreflang="en">English</a><p>Hola <b>Back to Top</b></p><img alt="Sources" src="x.png"/></body></html>';
  assert.deepEqual(englishChrome([{ file: 'es/x.html', html: page }]).map((found) => found.split('"')[1]).sort(), ['Back to Top', 'Page not found', 'Sources']);
});

test('no /es page shows or reads aloud an English word of the catalogue or the markdown stage that the physician did not write in Spanish', async () => {
  const pages = await spanishPages();
  assert.ok(pages.length > 10, 'the Spanish pages are built');
  assert.deepEqual(englishChrome(pages), []);
});

test("the Spanish feeds' own words are Spanish too: their titles, descriptions and items", async () => {
  const build = await sampleSite();
  const feeds = (Object.keys(FEED_FILES) as (keyof typeof FEED_FILES)[]).map((kind) => feedFile('es', kind));
  const read = feeds.map((file) => {
    const text = String(build.files.get(file) ?? '');
    // The XML feeds' items hold their HTML as escaped text: decoded, it is read as a page's.
    return { file, html: file.endsWith('.json') ? jsonWords(text).join('\n') : decodeEntities(text) };
  });
  assert.ok(read.every(({ html }) => html.length > 500), 'the Spanish feeds are built');
  assert.deepEqual(englishChrome(read), []);
});

test("every /es page declares Spanish for the widget script, and loads the bundle, which carries Spanish's words", async () => {
  const build = await sampleSite();
  const bundles = [...build.files].filter(([file]) => /^assets\/widgets\.[^/]*\.js$/.test(file));
  assert.equal(bundles.length, 1, 'one widget script');
  const [[file, bytes]] = bundles as [[string, string | Uint8Array]];
  for (const page of await spanishPages()) assert.ok(page.html.includes(`<html lang="${es.locale}"`) && page.html.includes(`<script src="/${file}"`), page.file);
  // esbuild writes the script in ASCII: "artículo" as "art\xEDculo".
  const script = Buffer.from(bytes)
    .toString('utf8')
    .replace(/\\u\{?([0-9a-f]+)\}?|\\x([0-9a-f]{2})/gi, (_escape, code?: string, byte?: string) => String.fromCodePoint(Number.parseInt(code ?? byte ?? '', 16)));
  for (const words of [es.widgets.printedOn(MARK).split(MARK)[0], es.notices.article.lead, es.notices.handouts.lead, `"${es.locale}"`]) assert.ok(script.includes(words ?? MARK), `the bundle carries ${words}`);
});

test('Spanish lists and articles write dates in words ("15 de octubre de 2025") and reading times as "N min de lectura"', async () => {
  const build = await sampleSite();
  const inWords = (day: CalendarDay) => new Intl.DateTimeFormat('es-US', { timeZone: 'UTC', dateStyle: 'long' }).format(new Date(`${day}T00:00:00Z`));
  assert.equal(inWords('2025-10-15'), '15 de octubre de 2025');
  const spanish = build.model.articles.filter((article) => article.language === 'es');
  assert.ok(spanish.length >= 3, 'the Spanish articles are built');
  const html = (url: string) => build.pages.find((page) => page.url === url && page.kind === 'page')?.html ?? '';
  for (const article of spanish) {
    const listedOn = ['/es/insights', ...(html('/es').includes(`href="${article.url}"`) ? ['/es'] : [])];
    for (const url of [...listedOn, article.url]) assert.ok(html(url).includes(`>${inWords(article.date)}</time>`), `${url}: ${article.url}`);
    const { readingMinutes } = await build.plan.withBody(article);
    assert.ok(html(article.url).includes(`>${readingMinutes} min de lectura<`), `${article.url}: ${readingMinutes} min de lectura`);
  }
  for (const page of await spanishPages()) assert.doesNotMatch(visibleText(page.html).join('\n'), /\b\d{1,2}\/\d{1,2}\/\d{4}\b/, `${page.file}: no date in figures`);
});
