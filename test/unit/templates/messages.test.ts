/**
 * The message catalogues (templates/messages/): every language's catalogue
 * has English's keys, each a non-empty string or a function; the widget
 * script's words are its catalogue's own; and the words live in the
 * catalogues alone: no source of the pages, feeds, cards or widget script
 * writes one of English's phrases itself (the markdown stage's included),
 * and the sample site shows each language's.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import fg from 'fast-glob';
import ts from 'typescript';
import { addressLanguage, feedFile } from '../../../build/lib/languages.ts';
import { displayName } from '../../../templates/context.ts';
import { en, enScript } from '../../../templates/messages/en.ts';
import { LANGUAGES, messagesFor, type Language, type Messages } from '../../../templates/messages/index.ts';
import { SCRIPT_MESSAGES, scriptMessagesFor } from '../../../templates/messages/script.ts';
import { sampleSite } from '../../helpers/sample-site.ts';
import { PROJECT_ROOT } from '../../helpers/sites.ts';

/** Every value of a catalogue with its dotted key: `footer.legalTitle`. */
function leaves(value: unknown, at = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[at, value]];
  return Object.entries(value).flatMap(([key, inner]) => leaves(inner, at === '' ? key : `${at}.${key}`));
}

/**
 * What is wrong with a catalogue beside English's, at every depth of its
 * groups: keys it lacks or adds, values that are neither text nor a
 * function, and functions that take another number of arguments than
 * English's, which the templates would call wrongly.
 */
function shapeProblems(catalogue: unknown): string[] {
  const keys = new Map(leaves(catalogue));
  const english = new Map(leaves(en));
  const arity = (value: unknown) => (typeof value === 'function' ? value.length : undefined);
  return [
    ...[...english.keys()].filter((key) => !keys.has(key)).map((key) => `missing ${key}`),
    ...[...keys.keys()].filter((key) => !english.has(key)).map((key) => `not in English: ${key}`),
    ...[...keys].filter(([, value]) => typeof value !== 'function' && (typeof value !== 'string' || value.trim() === '')).map(([key]) => `empty or not text: ${key}`),
    ...[...keys].filter(([key, value]) => english.has(key) && typeof value === 'function' && typeof english.get(key) !== 'function').map(([key]) => `a function where English has text: ${key}`),
    ...[...keys].filter(([key, value]) => typeof value === 'function' && typeof english.get(key) === 'function' && arity(value) !== arity(english.get(key))).map(([key]) => `another number of arguments: ${key}`),
  ];
}

test("every language's catalogue has English's keys, each a non-empty string or a function", () => {
  for (const [language, settings] of Object.entries(LANGUAGES)) assert.deepEqual(shapeProblems(settings.messages), [], language);
});

test('a catalogue that lacks a key, adds one, leaves a word empty or takes other arguments is caught, in groups at any depth', () => {
  const { home, ...withoutHome } = en;
  const broken = {
    ...withoutHome,
    home: { ...home, eyebrow: ' ', extra: 'Extra' },
    nav: { ...en.nav, home: undefined },
    language: { ...en.language, names: { en: 'inglés' } },
    body: { ...en.body, table: () => 'Tabla' },
    article: { ...en.article, readingTime: (minutes: number, unit: string) => `${minutes} ${unit}` },
  };
  assert.deepEqual(
    shapeProblems(broken).sort(),
    ['empty or not text: home.eyebrow', 'empty or not text: nav.home', 'not in English: home.extra', 'missing language.names.es', 'a function where English has text: body.table', 'another number of arguments: article.readingTime'].sort(),
  );
  assert.deepEqual(shapeProblems(withoutHome).filter((problem) => problem.startsWith('missing home.')).length, Object.keys(home).length);
});

test('a translation credits its translator and the reviewer of the translation in each language, whichever of the two it names, a title taking its article in Spanish', () => {
  const credits = [{ translator: 'Lucía Gómez', reviewer: 'Dra. Ana Ruiz' }, { translator: 'Lucía Gómez', reviewer: undefined }, { reviewer: 'Dr. Test Person, MD' }];
  assert.deepEqual(credits.map(messagesFor('en').article.translated), ['Translated by Lucía Gómez, reviewed by Dra. Ana Ruiz', 'Translated by Lucía Gómez', 'Translation reviewed by Dr. Test Person, MD']);
  assert.deepEqual(credits.map(messagesFor('es').article.translated), ['Traducido por Lucía Gómez, revisado por la Dra. Ana Ruiz', 'Traducido por Lucía Gómez', 'Traducción revisada por el Dr. Test Person, MD']);
});

test("the widget script's words are, for every language, its catalogue's own, found by the page's lang", () => {
  const catalogues = Object.values(LANGUAGES).map((settings) => settings.messages);
  assert.deepEqual(Object.keys(SCRIPT_MESSAGES).sort(), catalogues.map((messages) => messages.locale).sort());
  for (const messages of catalogues) {
    const script = scriptMessagesFor(messages.locale);
    assert.equal(SCRIPT_MESSAGES[messages.locale], script, `${messages.locale}: found by <html lang="${messages.locale}">`);
    for (const [key, value] of Object.entries(script)) assert.equal(value, messages[key as keyof Messages], `${messages.locale}: ${key}`);
  }
  assert.equal(scriptMessagesFor('fr-CA'), enScript, 'English for a page of no known language');
});

/** The text of every string, template piece and JSX text of a source, but the modules it imports. */
function literals(file: string, source: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) found.push(node.text);
    else if (ts.isJsxText(node)) found.push(node.text.replace(/\s+/g, ' '));
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  return found.map((text) => text.trim()).filter((text) => /\p{L}/u.test(text));
}

/**
 * English's phrases: the text of every string and template piece of its
 * catalogue that a reader sees, such as "Back to Top", "Draft" and "min
 * read"; a lone word in lower case ("page", "numeric") is as likely a name
 * in code.
 */
const PHRASES = [...new Set(literals('en.ts', readFileSync(path.join(PROJECT_ROOT, 'templates/messages/en.ts'), 'utf8')))].filter((text) => /\s/.test(text) || /^\p{Lu}/u.test(text));

/** Whether a literal of a source says a phrase: the phrase itself, or, for one of two words or more, within a longer text. */
const says = (text: string, phrase: string) => text === phrase || (phrase.includes(' ') && text.includes(phrase));

test('the literals of a source are found, in code and in JSX text alike', () => {
  const found = literals('Page.tsx', "import { x } from './Header.tsx';\nconst a = `${n} min read`;\nconst b = <a title='Page address'>\n  Back to Top\n</a>;");
  assert.deepEqual(found, ['min read', 'Page address', 'Back to Top']);
  for (const phrase of ['min read', 'Back to Top', 'Draft', 'Page not found', 'Educational Resources', 'Printed on', 'This article may be out of date.', 'PHYSICIAN’S INSIGHTS']) assert.ok(PHRASES.includes(phrase), phrase);
});

test("no source of the pages, bodies, feeds, cards or widget script writes one of the catalogue's phrases itself", () => {
  const sources = fg.sync(['templates/**/*.{ts,tsx}', 'build/markdown/**/*.ts', 'build/pages/**/*.ts', 'build/outputs/**/*.ts', 'build/lib/review-notice.ts'], { cwd: PROJECT_ROOT, ignore: ['templates/messages/**'] });
  assert.ok(sources.length > 20, 'the sources are found');
  const written = sources.flatMap((file) =>
    literals(file, readFileSync(path.join(PROJECT_ROOT, file), 'utf8')).flatMap((text) => PHRASES.filter((phrase) => says(text, phrase)).map((phrase) => `${file}: "${phrase}"`)),
  );
  assert.deepEqual(written, []);
});

test("the sample site shows each language's catalogue's words: its pages, its articles, its feeds", async () => {
  const build = await sampleSite(false, '2025-11-01');
  const name = displayName(build.model.site);
  for (const page of build.pages) {
    const messages = messagesFor(addressLanguage(`/${page.file}`));
    for (const expected of [`<html lang="${messages.locale}">`, `>${messages.footer.legalTitle}</h2>`, `>${messages.nav.education}</a>`, `<span class="sr-only">${messages.document.backToTop}</span>`]) {
      assert.ok(page.html.includes(expected), `${page.file}: ${expected}`);
    }
  }
  for (const article of build.model.articles) {
    const messages = messagesFor(article.language);
    const shown = await build.plan.withBody(article);
    const html = build.pages.find((page) => page.url === article.url && page.kind === 'page')?.html ?? '';
    assert.ok(html.includes(`<span>${messages.article.readingTime(shown.readingMinutes)}</span>`), article.url);
    assert.ok(html.includes(`>${messages.dates.long(article.date)}</time>`), article.url);
  }
  for (const language of Object.keys(LANGUAGES) as Language[]) {
    const feed = feedFile(language, 'json');
    assert.ok(String(build.files.get(feed)).includes(JSON.stringify(messagesFor(language).feeds.title(name))), `${feed} is titled from its catalogue`);
  }
});
