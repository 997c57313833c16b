import type { Data, Processor } from 'unified';

type MicromarkExtension = NonNullable<Data['micromarkExtensions']>[number];
type ConstructRecord = NonNullable<MicromarkExtension['text']>;

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
