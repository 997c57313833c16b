/**
 * Whether a translation says what its original says (issue 57, "Parity"):
 * every number, amount, percentage, time, phone number, link target and
 * figure of the original is in the translation, and the other way round.
 * What a reader reads is compared, part by part (the title with the title,
 * the summary with the summary, the text with the text, the sources'
 * addresses with the sources'), each as a set: how often or in what order a
 * number comes does not matter, so `October 15, 2025` and
 * `15 de octubre de 2025` say the same. How numbers read in each language is
 * `lib/numbers-in-text.ts`'s; a link target is the same when it leads to the
 * same place: an outside address alike but for a trailing slash, a page of
 * the site in either language (`/insights/x` and `/es/insights/x`; an
 * article's address or its file-name address in any language, all one
 * article; a handout's PDF and its translation's), a `tel:` by the phone's
 * digits, a `mailto:` by the address. A link to a section of a page
 * (`#…`) is not compared, since headings are named in each language.
 *
 * A translation still being written (its line "TRADUCIR DESDE AQUÍ" not yet
 * deleted) is not compared: all of its English would be told again. What
 * one side lacks is told at that side's file, where it belongs: the line of
 * the same part (of the same paragraph, when both texts have as many
 * paragraphs, headings and table cells, and so the same one is at the same
 * place; else of the same section's heading, when both have as many
 * headings), naming the line of the other file that has it. A value that reads
 * as changed (the only one of its kind that each side lacks in a paragraph,
 * or in a title, summary or sources) is one difference, told at the
 * translation's line, naming both.
 */
import path from 'node:path';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { addressLanguage, DEFAULT_LANGUAGE, fileLanguage, LANGUAGE_NAMES } from '../lib/languages.ts';
import { listOf } from '../lib/list-of.ts';
import { numbersInText, phoneDigits } from '../lib/numbers-in-text.ts';
import { isExternalUrl, schemeOf } from '../lib/relative-url.ts';
import { translationMarkerLine } from '../lib/translation-marker.ts';
import { sourceLine, type BodyParity, type ParityKind } from '../markdown/index.ts';
import { translationsOf, type Article, type SiteModel } from '../model/index.ts';

/** An article and what its body says. */
export interface ArticleParity {
  article: Article;
  body: BodyParity;
}

/** A translation and its original, each with what its body says. */
export interface ComparedPair {
  original: ArticleParity;
  translation: ArticleParity;
}

/** The parts of an article, each compared with the same part of its translation. */
type Part = 'title' | 'summary' | 'text' | 'sources';
const PARTS: readonly Part[] = ['title', 'summary', 'text', 'sources'];

/** One thing a part says: how it compares, as written, at the file's line, in which text block. */
interface Said {
  kind: ParityKind;
  value: string;
  written: string;
  line: number | undefined;
  block: number;
}

/** Each value a part says, by kind and value, with every place it is said. */
type SaidByValue = Map<string, Said[]>;

/**
 * The pairs whose translation is finished enough to compare: each article of
 * the default language shown by the build, with each of its translations
 * shown, but those still marked "TRADUCIR DESDE AQUÍ".
 */
export function translationPairs(articles: readonly Article[]): { original: Article; translation: Article }[] {
  return [...translationsOf(articles).values()].flatMap((languages) => {
    const original = languages.get(DEFAULT_LANGUAGE);
    if (original === undefined) return [];
    return [...languages.values()].filter((article) => article !== original && translationMarkerLine(article.body) === undefined).map((translation) => ({ original, translation }));
  });
}

/** What an address of the site leads to whatever the language it is written for: an article by its original's file, else the address without its language. */
function siteAddresses(site: Pick<SiteModel, 'articles' | 'aliases'>): (address: string) => string {
  const articles = new Map<string, string>([...site.articles.map((article) => [article.url, article.original] as const), ...site.aliases.map((alias) => [alias.url, alias.article.original] as const)]);
  return (address) => {
    const path = address.replace(/#.*$/, '').replace(/(.)\/$/, '$1');
    const article = articles.get(path);
    if (article !== undefined) return `article ${article}`;
    const language = addressLanguage(path);
    const unprefixed = language === DEFAULT_LANGUAGE ? path : path.slice(language.length + 1) || '/';
    return fileLanguage(unprefixed).original;
  };
}

/** What a link target compares by; undefined for one that leads nowhere or to a section of the page itself. */
function linkValue(link: { value: string; written: string }, addressOf: (address: string) => string): string | undefined {
  const address = link.value;
  if (address === '' || link.written.trim().startsWith('#')) return undefined;
  const scheme = schemeOf(address)?.toLowerCase();
  if (scheme === 'tel') return `tel:${phoneDigits(address.slice(4))}`;
  if (scheme === 'mailto') return `mailto:${(address.slice(7).split('?')[0] ?? '').toLowerCase()}`;
  return isExternalUrl(address) ? address.replace(/\/$/, '') : addressOf(address);
}

/** What each part of an article says, at the lines of its file. */
function partsOf(side: ArticleParity, addressOf: (address: string) => string): Record<Part, Said[]> {
  const { article, body } = side;
  const inField = (text: string, line: number | undefined) => numbersInText(text, article.language).map(({ kind, value, written }): Said => ({ kind, value, written, line, block: 0 }));
  const text = body.mentions.flatMap((mention): Said[] => {
    const value = mention.kind === 'link' ? linkValue(mention, addressOf) : mention.value;
    return value === undefined ? [] : [{ ...mention, value, line: sourceLine(article.bodyStartLine, mention.line) }];
  });
  const sources = article.sources.flatMap((source): Said[] => {
    const value = linkValue({ value: source.url, written: source.url }, addressOf);
    return value === undefined ? [] : [{ kind: 'link', value, written: source.url, line: article.sourcesLine, block: 0 }];
  });
  return { title: inField(article.title, article.titleLine), summary: inField(article.summary, article.summaryLine), text, sources };
}

/** What a part says grouped by kind and value, each with every place it is said, in order. */
function byValue(said: readonly Said[]): SaidByValue {
  const values: SaidByValue = new Map();
  for (const one of said) {
    const key = `${one.kind} ${one.value}`;
    const places = values.get(key);
    if (places === undefined) values.set(key, [one]);
    else places.push(one);
  }
  return values;
}

/** The places of the values one side says that the other does not. */
function missingFrom(side: SaidByValue, other: SaidByValue): Said[][] {
  return [...side].filter(([key]) => !other.has(key)).map(([, places]) => places);
}

/** Which article of a pair. */
type Side = 'original' | 'translation';

/** How a part's places are told: where in each file the part is, or where in it a block of the other's belongs. */
interface PartPlaces {
  part: Part;
  /** Whether each text block of one side is the same of the other: true when both texts have as many. */
  aligned: boolean;
  /** The line of a side where the part is: its field's; for the text, where the other side's block `block` belongs, when that is known. */
  lineIn: (side: Side, block: number) => number | undefined;
}

/**
 * The block of one text where a block of another belongs: the same one when
 * both have as many blocks, else the heading of the same section (the first
 * block, before any) when both have as many headings, else none known.
 */
function counterpart(from: BodyParity, to: BodyParity, block: number): number | undefined {
  if (from.blockLines.length === to.blockLines.length) return block;
  if (from.headings.length !== to.headings.length) return undefined;
  const section = from.headings.filter((heading) => heading <= block).length;
  return section === 0 ? 0 : to.headings[section - 1];
}

function partPlaces(part: Part, pair: ComparedPair): PartPlaces {
  const aligned = part === 'text' && pair.original.body.blockLines.length === pair.translation.body.blockLines.length;
  const lineIn = (side: Side, block: number) => {
    const { article, body } = pair[side];
    if (part !== 'text') return part === 'title' ? article.titleLine : part === 'summary' ? article.summaryLine : article.sourcesLine;
    const there = counterpart(pair[side === 'original' ? 'translation' : 'original'].body, body, block);
    return there === undefined ? undefined : sourceLine(article.bodyStartLine, body.blockLines[there]);
  };
  return { part, aligned, lineIn };
}

/**
 * The values missing on each side paired where one reads as the other
 * changed: the only one of its kind missing on each side, in the same block
 * (when blocks match) or in the same part (when they do not).
 */
function pairedChanges(lacking: readonly Said[][], extra: readonly Said[][], places: PartPlaces): { changed: [Said[], Said[]][]; lacking: Said[][]; extra: Said[][] } {
  const where = (said: Said[]) => `${said[0]?.kind} ${places.part === 'text' && !places.aligned ? 'any' : said[0]?.block}`;
  const count = (list: readonly Said[][], at: string) => list.filter((said) => where(said) === at).length;
  const changed: [Said[], Said[]][] = [];
  for (const gone of lacking) {
    const at = where(gone);
    const replacement = extra.find((said) => where(said) === at);
    if (replacement !== undefined && count(lacking, at) === 1 && count(extra, at) === 1) changed.push([gone, replacement]);
  }
  const inChange = new Set(changed.flat());
  return { changed, lacking: lacking.filter((said) => !inChange.has(said)), extra: extra.filter((said) => !inChange.has(said)) };
}

/**
 * The differences of one part of a pair: what one side lacks, told at that
 * side, where it belongs when that is known; a value that reads as changed,
 * told at the translation.
 */
function partMismatches(places: PartPlaces, sides: { original: Said[]; translation: Said[] }, pair: ComparedPair): ContentDiagnostic[] {
  const [original, translation] = [byValue(sides.original), byValue(sides.translation)];
  const { changed, lacking, extra } = pairedChanges(missingFrom(original, translation), missingFrom(translation, original), places);
  const files = { original: pair.original.article.sourcePath, translation: pair.translation.article.sourcePath };
  // The two files lie side by side: a message names the other by its file name, as the other translation messages do.
  const names = { original: path.basename(files.original), translation: path.basename(files.translation), originalLanguage: LANGUAGE_NAMES[pair.original.article.language], language: LANGUAGE_NAMES[pair.translation.article.language], part: places.part };
  const lines = (said: readonly Said[]) => {
    const known = [...new Set(said.flatMap((one) => (one.line === undefined ? [] : [String(one.line)])))];
    return known.length === 0 ? '' : `${known.length === 1 ? 'line' : 'lines'} ${listOf(known)}`;
  };
  const first = (said: readonly Said[]) => said[0] as Said;
  const told = (said: readonly Said[]) => ({ ...names, kind: first(said).kind, written: first(said).written, lines: lines(said) });
  return [
    ...lacking.map((said) => problem('translationLacks', { file: files.translation, line: places.lineIn('translation', first(said).block) }, told(said))),
    ...extra.map((said) => problem('originalLacks', { file: files.original, line: places.lineIn('original', first(said).block) }, told(said))),
    ...changed.map(([gone, instead]) => problem('translationDiffers', { file: files.translation, line: first(instead).line }, { ...told(gone), written: first(instead).written, originalWritten: first(gone).written })),
  ];
}

/**
 * The differences between each translation and its original.
 *
 * @param pairs each translation with its original, and what their bodies say
 * @param site the articles and their redirects, by which a link to an article in one language reads as one to it in another
 */
export function translationMismatches(pairs: readonly ComparedPair[], site: Pick<SiteModel, 'articles' | 'aliases'>): ContentDiagnostic[] {
  const addressOf = siteAddresses(site);
  return pairs.flatMap((pair) => {
    const [original, translation] = [partsOf(pair.original, addressOf), partsOf(pair.translation, addressOf)];
    return PARTS.flatMap((part) => partMismatches(partPlaces(part, pair), { original: original[part], translation: translation[part] }, pair));
  });
}
