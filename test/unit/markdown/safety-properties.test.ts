/**
 * Property-based tests of the markdown pipeline (issue 7): for generated
 * markdown mixing links, images, autolinks, references, raw HTML and entities,
 * the HTML never holds an element that runs script, an event-handler
 * attribute, or a URL whose protocol is not allowed (spec §5), and rendering
 * never throws; and leaving out the autolink literals a body cannot hold
 * changes nothing in its syntax tree.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { SAFE_PROTOCOLS } from '../build/config.ts';
import { autolinkLiteralsPossibleIn, remarkFindAutolinkLiteralsWherePossible, remarkOnlyAutolinkLiterals, type AutolinkLiteral } from '../build/markdown/autolink-literals.ts';
import { renderMarkdown } from '../build/markdown/index.ts';

const SCHEMES = ['javascript', 'JaVaScRiPt', 'vbscript', 'data', 'file', 'ftp', 'tel', 'blob', 'http', 'https', 'HTTPS', 'mailto', 'irc', 'ircs', 'xmpp'];
const DISGUISES = ['', ' ', '\t', '\u0001', '\u0000', '&#x20;', '&#9;'];

const scheme = fc.constantFrom(...SCHEMES).chain((name) =>
  fc.tuple(fc.constantFrom(...DISGUISES), fc.integer({ min: 0, max: name.length }), fc.constantFrom('', '\t', '\n', '&#x09;', '&#10;')).map(([prefix, at, inside]) => `${prefix}${name.slice(0, at)}${inside}${name.slice(at)}`),
);
const colon = fc.constantFrom(':', '&#58;', '&colon;', '&#x3A;', '%3A');
const rest = fc.constantFrom('alert(1)', '//example.com/x', 'a@b.example', 'text/html;base64,PHNjcmlwdD4=', '', '/path?q=1#f');
const url = fc.oneof(
  fc.tuple(scheme, colon, rest).map(([s, c, r]) => `${s}${c}${r}`),
  fc.constantFrom('/insights', '../up', 'relative/page', '#section', '?q=a:b', '//host.example/x', 'page#frag:ment'),
  fc.string({ maxLength: 12 }),
);
const text = fc.string({ maxLength: 10 }).map((value) => value.replace(/[[\]()<>]/g, ''));
const rawHtml = fc.constantFrom(
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<div style="background:url(javascript:alert(1))">',
  '<object data="x.swf"></object>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<!-- comment -->',
  '</p><p onmouseover=alert(1)>',
);
const entity = fc.constantFrom('&lt;script&gt;', '&#x3C;script&#x3E;', '&amp;', '&#106;avascript:', '&quot;', '&#0;', '&NotARealEntity;');
const fragment = fc.oneof(
  fc.tuple(text, url).map(([t, u]) => `[${t}](${u})`),
  fc.tuple(text, url).map(([t, u]) => `![${t}](${u})`),
  fc.tuple(text, url).map(([t, u]) => `[${t}](<${u}> "title")`),
  url.map((u) => `<${u}>`),
  url,
  fc.tuple(text, url).map(([t, u]) => `[${t}][ref]\n\n[ref]: ${u}\n`),
  rawHtml,
  entity,
  text,
  fc.constantFrom('**bold**', '~~gone~~', '- [x] task', '| a | b |\n|---|---|\n| 1 | 2 |', 'note[^1]\n\n[^1]: foot', '> quote', '`code`', '```\n<script>\n```'),
);
const markdown = fc.array(fc.tuple(fragment, fc.constantFrom(' ', '\n', '\n\n')), { maxLength: 12 }).map((parts) => parts.map(([part, separator]) => part + separator).join(''));

const ALLOWED = new Set<string>(SAFE_PROTOCOLS);
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'data', 'poster', 'cite', 'xlink:href', 'background']);
const SCRIPT_ELEMENTS = new Set(['script', 'iframe', 'object', 'embed', 'style', 'svg', 'math', 'frame', 'frameset', 'applet', 'base', 'form', 'meta', 'link']);

/** The scheme a browser would read in an attribute value, after dropping what WHATWG URL parsing drops. */
function schemeOf(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const cleaned = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  return /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned)?.[1]?.toLowerCase();
}

function dangers(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (SCRIPT_ELEMENTS.has(name)) found.push(`<${name}> element`);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (attribute.startsWith('on')) found.push(`${attribute} attribute on <${name}>`);
          if (attribute === 'style') found.push(`style attribute on <${name}>`);
          const protocol = URL_ATTRIBUTES.has(attribute) ? schemeOf(value) : undefined;
          if (protocol !== undefined && !ALLOWED.has(protocol)) found.push(`${attribute}="${value}" on <${name}>`);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return found;
}

test('generated markdown never renders to script, event handlers or unsafe URLs, and never throws', () => {
  fc.assert(
    fc.property(markdown, (source) => {
      const html = renderMarkdown(source, '/insights/generated').html;
      assert.deepEqual(dangers(html), [], `markdown: ${JSON.stringify(source)}\nhtml: ${html}`);
    }),
    { numRuns: 1000 },
  );
});

test('the danger detector itself finds each kind of danger', () => {
  assert.deepEqual(dangers('<p><script>x</script><a href=" java\tscript:x" onclick="y">a</a><img src="data:image/png;base64,AA"></p><a href="HTTPS://ok.example">ok</a><a href="/rel:x">rel</a>'), [
    '<script> element',
    'href=" java\tscript:x" on <a>',
    'onclick attribute on <a>',
    'src="data:image/png;base64,AA" on <img>',
  ]);
});

/** Text near which GFM finds or almost finds autolink literals: emails, www links and URLs, their lookalikes, and what may end, open or wrap them. */
const autolinkish = fc
  .array(
    fc.constantFrom(
      'a@b.example', 'first.last+tag@mail.example.org.', 'x@y', '@home', 'mail@', 'a_b@c-d.example_', 'E@X.EXAMPLE',
      'www.example.com', 'WWW.Example.com/path?q=1).', 'www.', 'wwwx.example', '(www.example.com)', 'www.a.b/c_d_',
      'http://example.com', 'HTTPS://example.com/a(b)c', 'https:/nothing', 'http:', 'https://a.b/x&amp;y;', 'mailto:a@b.example', 'xmpp:a@b.example',
      'a&#64;b.example', 'a&commat;b.example', '&#119;ww.example.com', 'h&#116;tp://example.com', 'http&#58;//example.com', '[a@b.example](/x)', '[www.example.com][r]\n\n[r]: /y\n',
      '[', ']', '(', ')', '*', '_', '~', '`', '<', '>', '/', '.', ',', ';', ':', '!', '"', "'", '&amp;', '\\', ' ', '\n', '\n\n', '- ', '> ', '| ', '[^1]', '[x](', 'h', 'w', 'W', 'H',
    ),
    { maxLength: 10 },
  )
  .map((parts) => parts.join(''));

function gfmTree(source: string, onlyAutolinkLiterals?: readonly AutolinkLiteral[]): unknown {
  const processor = unified().use(remarkParse).use(remarkGfm);
  return onlyAutolinkLiterals === undefined ? processor.parse(source) : processor.use(remarkOnlyAutolinkLiterals, onlyAutolinkLiterals).parse(source);
}

test('a body parses to the same tree with only the autolink literals it could hold, searched for only where they could be, as with remark-gfm alone', () => {
  const lean = (source: string) => unified().use(remarkParse).use(remarkGfm).use(remarkOnlyAutolinkLiterals, autolinkLiteralsPossibleIn(source)).use(remarkFindAutolinkLiteralsWherePossible).parse(source);
  fc.assert(
    fc.property(fc.oneof(autolinkish, markdown), (source) => {
      assert.deepEqual(lean(source), gfmTree(source), `markdown: ${JSON.stringify(source)}`);
    }),
    { numRuns: 3000 },
  );
});

test('each autolink literal left out is no longer parsed, and the others still are', () => {
  // remark-gfm finds links again in the text afterwards, without a position;
  // those the parser made have one, which the link check reports lines from.
  const source = 'Write to a@b.example, see www.example.com or https://example.org.';
  const parsedLinks = (tree: unknown): string[] => JSON.stringify(tree).match(/"url":"[^"]*","children":\[[^\]]*\],"position"/g)?.map((link) => link.split('"')[3] ?? '') ?? [];
  assert.deepEqual(parsedLinks(gfmTree(source)), ['mailto:a@b.example', 'http://www.example.com', 'https://example.org']);
  assert.deepEqual(parsedLinks(gfmTree(source, ['wwwAutolink', 'protocolAutolink'])), ['http://www.example.com', 'https://example.org']);
  assert.deepEqual(parsedLinks(gfmTree(source, ['emailAutolink'])), ['mailto:a@b.example']);
  assert.deepEqual(parsedLinks(gfmTree(source, [])), []);
});
