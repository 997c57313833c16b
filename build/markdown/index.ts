/**
 * The markdown stage, and the only module that imports unified, remark or
 * rehype. The processor is built once at load: GFM parsing (autolinks,
 * footnotes, strikethrough, tables, task lists), raw HTML kept as text, then
 * HTML with safe URLs, lazy images with their sizes, class-based table
 * alignment and labelled task-list checkboxes, then React elements.
 */
import type { Root as MdastRoot } from 'mdast';
import type { ReactElement } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import rehypeReact from 'rehype-react';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import { insertFigures } from './figures.ts';
import { plainText } from './plain-text.ts';
import { rehypeImageSizes, type ImageSizes } from './rehype-image-sizes.ts';
import { rehypeLazyImages } from './rehype-lazy-images.ts';
import { publishedUrl, rehypeSafeUrls } from './rehype-safe-urls.ts';
import { rehypeTableAlignClasses } from './rehype-table-align-classes.ts';
import { rehypeTaskListLabels } from './rehype-task-list-labels.ts';
import { remarkRawHtmlAsText } from './remark-raw-html-as-text.ts';

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRawHtmlAsText)
  .use(remarkRehype)
  .use(rehypeSafeUrls)
  .use(rehypeLazyImages)
  .use(rehypeImageSizes)
  .use(rehypeTableAlignClasses)
  .use(rehypeTaskListLabels)
  .use(rehypeReact, { Fragment: jsxRuntime.Fragment, jsx: jsxRuntime.jsx, jsxs: jsxRuntime.jsxs });

/** A markdown body parsed once, then used for word counts, link checks and rendering. */
export interface MarkdownDocument {
  tree: MdastRoot;
  /** Figures quoted by name (`{{name}}`), in order of first use. */
  figuresUsed: string[];
  /** `{{name}}`s with no figure of that name, and their lines in the body. */
  unknownFigures: { name: string; line: number | undefined }[];
  /** Words of the text a reader reads. */
  plainText: string;
  /** Every link and image URL written, with its line in the body. */
  links: readonly { url: string; line: number | undefined }[];
}

/**
 * Parses a markdown body. Parsing is the expensive step, so each body is
 * parsed once and the document shared by every page that shows it.
 *
 * @param body markdown text, front matter already removed
 * @param figures values of the site's year-bound figures by name, quoted as `{{name}}`
 */
export function parseMarkdown(body: string, figures: ReadonlyMap<string, string> = new Map()): MarkdownDocument {
  const tree = processor.parse(body);
  const { used, unknown } = insertFigures(tree, figures);
  const links: { url: string; line: number | undefined }[] = [];
  visit(tree, ['link', 'image', 'definition'], (node) => {
    if ('url' in node) links.push({ url: node.url, line: node.position?.start.line });
  });
  return { tree, figuresUsed: used, unknownFigures: unknown, plainText: plainText(tree), links };
}

/**
 * Turns a parsed document into React elements for a template to place.
 * The tree is copied first: the transforms change it in place, and a document
 * may be rendered more than once (for instance with and without drafts).
 *
 * @param document a document from {@link parseMarkdown}
 * @param pageUrl canonical path of the page it is shown on, against which relative links resolve
 * @param imageSizes the site's images, so each image in the body gets its width and height
 */
export function renderMarkdown(document: MarkdownDocument, pageUrl: string, imageSizes: ImageSizes = new Map()): ReactElement {
  const file = new VFile({ data: { pageUrl, imageSizes } });
  const hast = processor.runSync(structuredClone(document.tree), file);
  return processor.stringify(hast, file);
}

export { publishedUrl };
export type { ImageSizes };
