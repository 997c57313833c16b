import type { Root, RootContent } from 'mdast';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import type { Data, Processor } from 'unified';
import { eachNode, EXIT } from './walk.ts';

type MicromarkExtension = NonNullable<Data['micromarkExtensions']>[number];
type ConstructRecord = NonNullable<MicromarkExtension['text']>;
type FromMarkdownExtensions = NonNullable<Data['fromMarkdownExtensions']>;
type Transform = (tree: Root) => Root | undefined | void;

/**
 * GFM's three autolink literals, by the name micromark gives each construct,
 * and text that a body must contain for one of them to match: an email needs
 * its `@`, a www link its `www.`, and a URL its `http:` or `https:`, in any
 * case.
 */
const MARKERS = {
  emailAutolink: /@/,
  wwwAutolink: /www\./i,
  protocolAutolink: /https?:/i,
} as const;

export type AutolinkLiteral = keyof typeof MARKERS;

const ALL_AUTOLINK_LITERALS = Object.keys(MARKERS) as AutolinkLiteral[];

/** The autolink literals that could match somewhere in a body. */
export function autolinkLiteralsPossibleIn(body: string): AutolinkLiteral[] {
  return ALL_AUTOLINK_LITERALS.filter((name) => MARKERS[name].test(body));
}

/**
 * Keeps only the given autolink literals among remark-gfm's micromark
 * extensions; use it after remark-gfm, for a body that can hold no other.
 * micromark tries an email autolink at the start of every word, even in a
 * body with no `@`, where none can match: for the benchmark's articles that
 * was a quarter of the parse (4.4–5.1 ms a body, 3.3–3.5 ms without it).
 * Leaving out a construct that cannot match changes nothing in the tree:
 * `test/markdown-properties.test.ts` compares both parses.
 */
export function remarkOnlyAutolinkLiterals(this: Processor, kept: readonly AutolinkLiteral[]): undefined {
  const dropped = new Set<string>(ALL_AUTOLINK_LITERALS.filter((name) => !kept.includes(name)));
  const data = this.data();
  data.micromarkExtensions = data.micromarkExtensions?.map((extension) => withoutConstructs(extension, dropped));
}

function withoutConstructs(extension: MicromarkExtension, names: ReadonlySet<string>): MicromarkExtension {
  if (extension.text === undefined || names.size === 0) return extension;
  const text: ConstructRecord = {};
  for (const [code, constructs] of Object.entries(extension.text)) {
    if (constructs === undefined) continue;
    const kept = (Array.isArray(constructs) ? constructs : [constructs]).filter((construct) => construct.name === undefined || !names.has(construct.name));
    if (kept.length > 0) text[code] = kept;
  }
  return { ...extension, text };
}

/** remark-gfm's search of the parsed text for autolink literals: URLs, `www.` links and emails that the parse left as text. */
const FIND_IN_TEXT = gfmAutolinkLiteralFromMarkdown().transforms?.[0] as Transform | undefined;

/** What a text must contain for that search to find anything in it: each of its patterns needs an `@`, `http://`, `https://` or `www.`. */
const FOUND_IN_TEXT = /@|https?:\/\/|www\./i;

/**
 * Runs remark-gfm's search of the parsed text for autolink literals only on
 * the blocks whose text could hold one; use it after remark-gfm. The search
 * tries four regular expressions on every text of the body, 0.4–0.5 ms of a
 * 4.4 ms parse of a benchmark article, where most paragraphs hold no `@`,
 * URL or `www.`. It changes each text on its own, so running it block by
 * block changes nothing else: `test/markdown-properties.test.ts` compares
 * both trees.
 */
export function remarkFindAutolinkLiteralsWherePossible(this: Processor): undefined {
  const data = this.data();
  const search = FIND_IN_TEXT;
  if (search === undefined || data.fromMarkdownExtensions === undefined) return;
  const searchWherePossible = (tree: Root): undefined => {
    for (const block of tree.children) if (mayHoldAutolinkLiteral(block)) search({ type: 'root', children: [block] });
  };
  data.fromMarkdownExtensions = replacedTransform(data.fromMarkdownExtensions, search, searchWherePossible);
}

function replacedTransform(extensions: FromMarkdownExtensions, transform: Transform, replacement: Transform): FromMarkdownExtensions {
  return extensions.map((extension) =>
    Array.isArray(extension)
      ? replacedTransform(extension, transform, replacement)
      : { ...extension, transforms: extension.transforms?.map((each) => (each === transform ? replacement : each)) },
  ) as FromMarkdownExtensions;
}

function mayHoldAutolinkLiteral(block: RootContent): boolean {
  return !eachNode(block, 'text', (text) => (FOUND_IN_TEXT.test(text.value) ? EXIT : undefined));
}
