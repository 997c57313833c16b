/**
 * One markdown body processed: GFM parsing (autolinks, footnotes,
 * strikethrough, tables, task lists), figures quoted, raw HTML kept as text,
 * then HTML with safe URLs, links whose text is their address marked for
 * print, lazy sized images with their AVIF and WebP copies, class-based table
 * alignment, labelled task-list checkboxes, and footnotes and tables named
 * in the page's language, made by rehype-react and
 * React. With its plugins in this folder, the only code that uses unified,
 * remark or rehype.
 */
import { addressLanguage, type Language } from '../lib/languages.ts';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as jsxRuntime from 'react/jsx-runtime';
import rehypeReact from 'rehype-react';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { MAX_NESTING_DEPTH } from '../config.ts';
import { nestingDepth, rehypeShownLinks, remarkFacts, type BodyFacts, type ShownLink, type WrittenLink } from './facts.ts';
import { remarkParity, type BodyParity } from './parity.ts';
import { remarkFigures, type NameQuote, type QuotedNames } from './plugins/figures.ts';
import { rehypeAddressLinks } from './plugins/address-links.ts';
import { rehypeFootnoteWords } from './plugins/footnotes.ts';
import { rehypeImages, type ImageSizes } from './plugins/images.ts';
import { remarkRawHtmlAsText } from './plugins/raw-html-as-text.ts';
import { rehypeSafeUrls } from './plugins/safe-urls.ts';
import { rehypeTables } from './plugins/tables.ts';
import { rehypeTaskListLabels } from './plugins/task-list-labels.ts';
import type { MarkdownWords } from './plugins/words.ts';

/** What, besides the body and its page, decides a document: the same for every body of a build. */
export interface MarkdownSettings {
  /** Values of the site's year-bound figures by name, quoted as `{{name}}`. */
  figures: ReadonlyMap<string, string>;
  /** A figure's value as a page in another language quotes it, where it is written in words (`15 de octubre al 7 de diciembre`), by language then name. */
  translatedFigures?: ReadonlyMap<Language, ReadonlyMap<string, string>>;
  /** The site's images, so each image in the body gets its width and height. */
  imageSizes: ImageSizes;
  /** The words the stage writes itself (footnotes, tables), by language: each catalogue's. */
  words: Readonly<Record<Language, MarkdownWords>>;
}

/** A body processed once: its HTML, and every fact the build needs from it. Plain data, for the cache and for threads. */
export interface MarkdownDocument {
  /** The body as HTML, for the page it was processed for. */
  html: string;
  /** Figures quoted by name (`{{name}}`), each with the line of the body where it is first quoted, in that order. */
  figuresUsed: NameQuote[];
  /** `{{name}}`s with no figure of that name, and their lines in the body. */
  unknownFigures: NameQuote[];
  /** Words of the text a reader reads: paragraphs, headings, lists, tables, code and footnotes. */
  wordCount: number;
  /** The text of each paragraph, heading and table cell, as a page shows it. */
  textBlocks: string[];
  /** Every link and image URL written, with its line in the body. */
  links: WrittenLink[];
  /** Every link and image of the HTML the markdown wrote, with the address the page carries and its line in the body. */
  shownLinks: ShownLink[];
  /** What its translation must say too: its numbers, link targets and figures, by text block. */
  parity: BodyParity;
}

/** A body the build will not process: nested deeper than it can read (how deep, when its lines tell). */
export interface TooDeep {
  tooDeep: number | undefined;
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRawHtmlAsText)
  .use(remarkParity)
  .use(remarkFigures)
  .use(remarkFacts)
  .use(remarkRehype)
  .use(rehypeSafeUrls)
  .use(rehypeShownLinks)
  .use(rehypeAddressLinks)
  .use(rehypeImages)
  .use(rehypeTables)
  .use(rehypeFootnoteWords)
  .use(rehypeTaskListLabels)
  .use(rehypeReact, { Fragment: jsxRuntime.Fragment, jsx: jsxRuntime.jsx, jsxs: jsxRuntime.jsxs })
  .freeze();

/** Parses a body as the build does, and nothing more: what the benchmark's parse floor times. */
export function parseMarkdown(body: string): ReturnType<typeof processor.parse> {
  return processor.parse(body);
}

/** The figures' values as the page's language quotes them. */
function figuresOfPage(settings: MarkdownSettings, pageUrl: string): ReadonlyMap<string, string> {
  const translated = settings.translatedFigures?.get(addressLanguage(pageUrl));
  return translated === undefined || translated.size === 0 ? settings.figures : new Map([...settings.figures, ...translated]);
}

/**
 * @param body markdown text, front matter already removed
 * @param pageUrl canonical path of the page it is shown on, against which relative links resolve
 * @param settings the build's figures, image sizes and words
 */
export function processMarkdown(body: string, pageUrl: string, settings: MarkdownSettings): MarkdownDocument | TooDeep {
  const depth = nestingDepth(body);
  if (depth > MAX_NESTING_DEPTH) return { tooDeep: depth };
  const file = new VFile({ value: body, data: { pageUrl, figures: figuresOfPage(settings, pageUrl), imageSizes: settings.imageSizes, words: settings.words[addressLanguage(pageUrl)] } });
  try {
    const html = renderToStaticMarkup(processor.stringify(processor.runSync(processor.parse(file), file), file) as ReactElement);
    const quoted = file.data.quoted as QuotedNames;
    return { html, figuresUsed: quoted.used, unknownFigures: quoted.unknown, ...(file.data.facts as BodyFacts), parity: file.data.parity as BodyParity };
  } catch (error) {
    // Nesting the line count above misses (inline markers, say) can still overflow the stack: the same answer, with no depth to tell.
    if (error instanceof RangeError && /call stack/i.test(error.message)) return { tooDeep: undefined };
    throw error;
  }
}
