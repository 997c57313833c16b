/**
 * The markdown stage: with its plugins in this folder, the only code that
 * uses unified, remark or rehype. A processor is built once for each set of
 * autolink literals a body could hold (`autolink-literals.ts`): GFM parsing
 * (autolinks, footnotes, strikethrough, tables, task lists), raw HTML kept as
 * text, then HTML with safe URLs, lazy images with their sizes and their AVIF
 * and WebP copies, class-based table alignment and labelled task-list
 * checkboxes, then React elements, which are rendered to HTML here, once, for
 * every page and feed that shows them.
 */
import type { Root } from 'mdast';
import type { ReactElement } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import rehypeReact from 'rehype-react';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { countWords } from '../lib/reading-time.ts';
import { renderFragment } from '../render.ts';
import { autolinkLiteralsPossibleIn, remarkFindAutolinkLiteralsWherePossible, remarkOnlyAutolinkLiterals, type AutolinkLiteral } from './autolink-literals.ts';
import { insertFigures } from './figures.ts';
import { plainText, textBlocks } from './plain-text.ts';
import { rehypeImageSizes, type ImageSizes } from './rehype-image-sizes.ts';
import { rehypeLazyImages } from './rehype-lazy-images.ts';
import { rehypeResponsiveImages } from './rehype-responsive-images.ts';
import { publishedUrl, rehypeSafeUrls } from './rehype-safe-urls.ts';
import { rehypeTableAlignClasses } from './rehype-table-align-classes.ts';
import { rehypeTaskListLabels } from './rehype-task-list-labels.ts';
import { remarkRawHtmlAsText } from './remark-raw-html-as-text.ts';
import { eachNode } from './walk.ts';

function markdownProcessor(autolinkLiterals: readonly AutolinkLiteral[]) {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkOnlyAutolinkLiterals, autolinkLiterals)
    .use(remarkFindAutolinkLiteralsWherePossible)
    .use(remarkRawHtmlAsText)
    .use(remarkRehype)
    .use(rehypeSafeUrls)
    .use(rehypeLazyImages)
    .use(rehypeImageSizes)
    .use(rehypeResponsiveImages)
    .use(rehypeTableAlignClasses)
    .use(rehypeTaskListLabels)
    .use(rehypeReact, { Fragment: jsxRuntime.Fragment, jsx: jsxRuntime.jsx, jsxs: jsxRuntime.jsxs })
    .freeze();
}

/** One processor for each set of autolink literals a body could hold (at most eight), made when first needed. */
const processors = new Map<string, ReturnType<typeof markdownProcessor>>();

function processorFor(body: string): ReturnType<typeof markdownProcessor> {
  const autolinkLiterals = autolinkLiteralsPossibleIn(body);
  const key = autolinkLiterals.join();
  let processor = processors.get(key);
  if (processor === undefined) {
    processor = markdownProcessor(autolinkLiterals);
    processors.set(key, processor);
  }
  return processor;
}

/**
 * Parses a body exactly as {@link renderMarkdown} does, and does nothing
 * else: what the benchmark's parse floor (`test/bench/parse-floor.ts`) times.
 *
 * @param body markdown text, front matter already removed
 */
export function parseMarkdown(body: string): Root {
  return processorFor(body).parse(body);
}

/**
 * A markdown body, processed once: its HTML and every fact the build needs
 * from it (word count, links, figures, text blocks). Plain data, so that it
 * can be cached on disk and sent between threads; the syntax tree is not kept.
 */
export interface MarkdownDocument {
  /** The body as HTML, for the page it was rendered for. */
  html: string;
  /** Figures quoted by name (`{{name}}`), in order of first use. */
  figuresUsed: string[];
  /** `{{name}}`s with no figure of that name, and their lines in the body. */
  unknownFigures: { name: string; line: number | undefined }[];
  /** Words of the text a reader reads: paragraphs, headings, lists, tables, code and footnotes. */
  wordCount: number;
  /** The text of each paragraph, heading and table cell, as a page shows it. */
  textBlocks: string[];
  /** Every link and image URL written, with its line in the body. */
  links: { url: string; line: number | undefined }[];
}

/** What, besides the body and its page, decides a document: the same for every body of a build. */
export interface MarkdownSettings {
  /** Values of the site's year-bound figures by name, quoted as `{{name}}`. */
  figures: ReadonlyMap<string, string>;
  /** The site's images, so each image in the body gets its width and height. */
  imageSizes: ImageSizes;
}

const NO_SETTINGS: MarkdownSettings = { figures: new Map(), imageSizes: new Map() };

/**
 * Processes a markdown body: parse, quote figures, collect links and text,
 * then HTML through React elements. This is the build's most expensive step
 * per article, so the build caches its result (`markdown/documents.ts`).
 *
 * @param body markdown text, front matter already removed
 * @param pageUrl canonical path of the page it is shown on, against which relative links resolve
 * @param settings the build's figures and image sizes
 */
export function renderMarkdown(body: string, pageUrl: string, settings: MarkdownSettings = NO_SETTINGS): MarkdownDocument {
  const processor = processorFor(body);
  const tree = processor.parse(body);
  const { used, unknown } = insertFigures(tree, settings.figures);
  const links: { url: string; line: number | undefined }[] = [];
  eachNode(tree, ['link', 'image', 'definition'], (node) => {
    if ('url' in node) links.push({ url: node.url, line: node.position?.start.line });
  });
  const text = plainText(tree);
  const blocks = textBlocks(tree);
  const file = new VFile({ data: { pageUrl, imageSizes: settings.imageSizes } });
  const elements = processor.stringify(processor.runSync(tree, file), file) as ReactElement;
  return { html: renderFragment(elements), figuresUsed: used, unknownFigures: unknown, wordCount: countWords(text), textBlocks: blocks, links };
}

export { publishedUrl };
export type { ImageSizes };
