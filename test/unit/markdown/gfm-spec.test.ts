/**
 * The markdown stage against the GFM specification: every one of the 673
 * examples of ../shared/gfm/spec.txt (beside the repository, as CI has it;
 * a missing or shortened file fails) processed as the build processes a
 * body, on the page at SPEC_PAGE, must give the spec's HTML, but for the
 * differences of build/markdown/spec-differences.ts, each with its reason.
 * An example that matched and no longer does fails here.
 *
 * Both sides are compared normalised, as CommonMark's own test suite
 * compares them: tags and text read token by token, names in lower case,
 * attributes sorted, character references decoded, `<br />` the same as
 * `<br>`; outside `<pre>`, each run of whitespace one space, and whitespace
 * beside a block-level tag dropped.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { decodeEntities } from '../../../build/check/page-facts.ts';
import { parseMarkdown, processMarkdown } from '../../../build/markdown/process.ts';
import { SPEC_DIFFERENCES, SPEC_PAGE, type SpecDifference, type SpecExample } from '../../../build/markdown/spec-differences.ts';
import { PROJECT_ROOT } from '../../helpers/sites.ts';
import { markdownWords } from '../../../templates/messages/index.ts';

const SPEC_FILE = path.join(PROJECT_ROOT, '../shared/gfm/spec.txt');
const FENCE = '`'.repeat(32);

/** The examples of the spec's text: a fence and "example" open one, a line "." divides its markdown from its HTML, "→" is a tab. */
function specExamples(text: string): SpecExample[] {
  const examples: SpecExample[] = [];
  const lines = text.split('\n');
  let section = '';
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at] as string;
    if (/^#{1,6} /.test(line)) section = line.replace(/^#+ /, '');
    if (!line.startsWith(`${FENCE} example`)) continue;
    const divider = lines.indexOf('.', at + 1);
    const end = lines.indexOf(FENCE, divider + 1);
    const block = (from: number, to: number) => lines.slice(from, to).map((part) => `${part.replaceAll('→', '\t')}\n`).join('');
    const markdown = block(at + 1, divider);
    examples.push({ number: examples.length + 1, section, extension: line.slice(`${FENCE} example`.length).trim(), markdown, html: block(divider + 1, end), tree: parseMarkdown(markdown) });
    at = end;
  }
  return examples;
}

/** The block-level elements whose neighbouring whitespace CommonMark's normaliser drops. */
const BLOCK = new Set('address article aside blockquote body caption center col colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem meta nav noframes ol optgroup option p param pre section source summary table tbody td tfoot th thead title tr track ul'.split(' '));
const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|<!--[\s\S]*?-->/g;
const ATTRIBUTE = /([^\s=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** A tag in a normal form: its name and sorted attributes, in lower case, their values decoded. */
function normalTag(closing: string, name: string, attributes: string): string {
  if (closing === '/') return `</${name}>`;
  const values = [...attributes.matchAll(ATTRIBUTE)].map((match) => `${(match[1] as string).toLowerCase()}="${decodeEntities(match[2] ?? match[3] ?? match[4] ?? '')}"`);
  return `<${[name, ...values.sort()].join(' ')}>`;
}

/** HTML as one token a line, normalised as the file's comment says. */
function normalised(html: string): string {
  const tokens: { tag?: string; text?: string; inPre: boolean }[] = [];
  let inPre = 0;
  let last = 0;
  const text = (raw: string) => tokens.push({ text: decodeEntities(raw), inPre: inPre > 0 });
  for (const match of html.matchAll(TOKEN)) {
    if (match.index > last) text(html.slice(last, match.index));
    last = match.index + match[0].length;
    const name = (match[2] ?? '').toLowerCase();
    if (name === 'pre') inPre += match[1] === '/' ? -1 : 1;
    tokens.push({ tag: match[0].startsWith('<!--') ? match[0] : normalTag(match[1] ?? '', name, match[3] ?? ''), inPre: inPre > 0 });
  }
  if (last < html.length) text(html.slice(last));
  const isBlock = (token: { tag?: string } | undefined) => BLOCK.has(/^<\/?([a-z0-9-]+)/.exec(token?.tag ?? '')?.[1] ?? '');
  return tokens
    .flatMap((token, index) => {
      if (token.text === undefined) return [token.tag];
      if (token.inPre) return [JSON.stringify(token.text)];
      let value = token.text.replace(/\s+/g, ' ');
      if (isBlock(tokens[index - 1])) value = value.trimStart();
      if (isBlock(tokens[index + 1])) value = value.trimEnd();
      return value === '' ? [] : [JSON.stringify(value)];
    })
    .join('\n');
}

const examples = specExamples(readFileSync(SPEC_FILE, 'utf8'));
const built = new Map(
  examples.map((example) => {
    const document = processMarkdown(example.markdown, SPEC_PAGE, { words: markdownWords(), figures: new Map(), imageSizes: new Map() });
    return [example.number, 'tooDeep' in document ? 'refused as too deep' : document.html];
  }),
);

/** An example's HTML as the stage makes it and as the spec has it, each brought to the other's form by these differences; undefined when one excuses it. */
function compared(example: SpecExample, differences: readonly SpecDifference[]): { built: string; spec: string } | undefined {
  if (differences.some((difference) => difference.excuses?.(example) === true)) return undefined;
  let ours = built.get(example.number) as string;
  let theirs = example.html;
  for (const difference of differences) {
    ours = difference.built?.(ours) ?? ours;
    theirs = difference.spec?.(theirs, example) ?? theirs;
  }
  return { built: normalised(ours), spec: normalised(theirs) };
}

const matches = (example: SpecExample, differences: readonly SpecDifference[]) => {
  const both = compared(example, differences);
  return both !== undefined && both.built === both.spec;
};

test('the spec file holds its 673 examples, each with markdown and HTML', () => {
  assert.equal(examples.length, 673);
  assert.deepEqual(
    examples.filter((example) => example.html === '' && example.markdown === ''),
    [],
  );
  assert.equal(examples[507]?.markdown, '[link](foo\\)\\:)\n');
});

test('every example of the GFM spec renders as the spec says, but for the differences of build/markdown/spec-differences.ts', () => {
  const failing = examples.flatMap((example) => {
    const both = compared(example, SPEC_DIFFERENCES);
    if (both === undefined || both.built === both.spec) return [];
    return [`example ${example.number} (${example.section}): ${JSON.stringify(example.markdown)}\n  spec:  ${both.spec.replaceAll('\n', ' ')}\n  built: ${both.built.replaceAll('\n', ' ')}`];
  });
  assert.deepEqual(failing, []);
});

test('each difference of the table is needed by some example, and an excused example does not match the spec', () => {
  const matching = examples.filter((example) => matches(example, SPEC_DIFFERENCES));
  for (const difference of SPEC_DIFFERENCES) {
    const others = SPEC_DIFFERENCES.filter((other) => other !== difference);
    const excused = examples.filter((example) => difference.excuses?.(example) === true);
    assert.ok(excused.length > 0 || matching.some((example) => !matches(example, others)), `"${difference.name}" makes no example match`);
    const matchingAnyway = excused.filter((example) => matches(example, others.filter((other) => other.excuses === undefined)));
    assert.deepEqual(matchingAnyway.map((example) => example.number), [], `"${difference.name}" excuses examples that match`);
  }
});
