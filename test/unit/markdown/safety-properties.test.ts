/**
 * Safety properties of processMarkdown over generated markdown (spec §5):
 * whatever a body mixes (links, images, autolinks, references, raw HTML,
 * entities, disguised schemes), its HTML holds no script, no event handler,
 * no URL whose protocol is not allowed, no element the markdown did not ask
 * for, and always closes what it opens; and the links the build checks are
 * the URLs the author wrote.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readPage } from '../../../build/check/page-facts.ts';
import { processMarkdown, type MarkdownDocument } from '../../../build/markdown/process.ts';
import { ALLOWED_SCHEMES, dangers, PHONE_NUMBER_URL, schemeOf } from '../../helpers/html-dangers.ts';
import { markdownWords } from '../../../templates/messages/index.ts';

const SETTINGS = { words: markdownWords(), figures: new Map([['capA', '$2,100']]), imageSizes: new Map([['/images/knee.png', { width: 1000, height: 750 }]]) };

function processed(body: string): MarkdownDocument {
  const document = processMarkdown(body, '/insights/generated', SETTINGS);
  assert.ok(!('tooDeep' in document), 'the generated bodies nest a few levels at most');
  return document;
}

const SCHEMES = ['javascript', 'JaVaScRiPt', 'vbscript', 'data', 'file', 'ftp', 'tel', 'blob', 'http', 'https', 'HTTPS', 'mailto', 'irc', 'ircs', 'xmpp'];
const DISGUISES = ['', ' ', '\t', '\u0001', '\u0000', '&#x20;', '&#9;'];

const scheme = fc.constantFrom(...SCHEMES).chain((name) =>
  fc.tuple(fc.constantFrom(...DISGUISES), fc.integer({ min: 0, max: name.length }), fc.constantFrom('', '\t', '\n', '&#x09;', '&#10;')).map(([prefix, at, inside]) => `${prefix}${name.slice(0, at)}${inside}${name.slice(at)}`),
);
const colon = fc.constantFrom(':', '&#58;', '&colon;', '&#x3A;', '%3A');
const rest = fc.constantFrom('alert(1)', '//example.com/x', 'a@b.example', 'text/html;base64,PHNjcmlwdD4=', '', '/path?q=1#f', '+18006334227');
const url = fc.oneof(
  fc.tuple(scheme, colon, rest).map(([s, c, r]) => `${s}${c}${r}`),
  fc.constantFrom('/insights', '../up', 'relative/page', '#section', '?q=a:b', '//host.example/x', 'page#frag:ment', '/images/knee.png'),
  fc.string({ maxLength: 12 }),
);
const text = fc.string({ maxLength: 10 }).map((value) => value.replace(/[[\]()<>]/g, ''));
const rawHtml = fc.constantFrom(
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//x.example/a.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<div style="background:url(javascript:alert(1))">',
  '<object data="x.swf"></object>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<!-- comment -->',
  '</p><p onmouseover=alert(1)>',
  '<b>unclosed',
  '</div></section>',
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
  fc.constantFrom('**bold**', '~~gone~~', '- [x] task', '| a | b |\n|---|---|\n| 1 | 2 |', 'note[^1]\n\n[^1]: foot', '> quote', '`code`', '```\n<script>\n```', '{{capA}}', '{{nope}}', '    indented <script>'),
);
const markdown = fc.array(fc.tuple(fragment, fc.constantFrom(' ', '\n', '\n\n', '\n- ', '\n> ')), { maxLength: 12 }).map((parts) => parts.map(([part, separator]) => part + separator).join(''));

test('generated markdown never renders to a script, an event handler, a style, an unsafe URL or an unclosed element, and never throws', () => {
  fc.assert(
    fc.property(markdown, (source) => {
      const { html } = processed(source);
      assert.deepEqual(dangers(html), [], `markdown: ${JSON.stringify(source)}\nhtml: ${html}`);
      assert.doesNotMatch(html, /(href|src)="\s*(javascript|data|vbscript):/i);
      // The build's own reader of pages takes it whole: every URL it finds is one dangers() judged safe.
      const facts = readPage(`<html><body>${html}</body></html>`);
      for (const { url: found } of facts.references) assert.ok(schemeOf(found) === undefined || ALLOWED_SCHEMES.has(schemeOf(found) ?? '') || PHONE_NUMBER_URL.test(found), found);
    }),
    { numRuns: 1000 },
  );
});

test('raw HTML is always shown as the text that was typed', () => {
  fc.assert(
    fc.property(rawHtml, text.filter((words) => !/[<>&*_`~\\!#|-]|^\s|\s$/.test(words) && words !== ''), (html, words) => {
      const document = processed(`${words} ${html}`);
      const shown = readPage(document.html).text.join('');
      assert.ok(shown.includes(html), `${JSON.stringify(html)} shown as ${JSON.stringify(shown)}`);
    }),
    { numRuns: 200 },
  );
});

test('the danger detector itself finds each kind of danger', () => {
  assert.deepEqual(dangers('<p><script>x</script><a href=" java\tscript:x" onclick="y">a</a><img src="data:image/png;base64,AA"/></p><a href="HTTPS://ok.example">ok</a><a href="/rel:x">rel</a><p style="s"><em>'), [
    '<script',
    '<script> element',
    'href=" java\tscript:x" on <a>',
    'onclick attribute on <a>',
    'src="data:image/png;base64,AA" on <img>',
    'style attribute on <p>',
    'unclosed: <p><em>',
  ]);
  assert.deepEqual(dangers('<p><em>x</p></em>'), ['</p> closes <em>', '</em> closes <p>']);
  assert.deepEqual(dangers('<p>x<img src=javascript:x></p>'), ['a < that begins no tag read here']);
  assert.deepEqual(dangers('<picture><source srcSet="/a.avif 1x, javascript:x 2x"/></picture>'), ['srcSet="javascript:x" on <source>']);
});

/** URLs a link check resolves: no spaces, parentheses or entities, so each is written exactly as the author meant it. */
const plainUrl = fc.oneof(
  fc.constantFrom('/insights', '/insights/knee-pain', '/education#back', '/pdfs/low-back-pain.pdf', '../education', 'other-article', '#sources', 'https://www.Medicare.gov/Part-D?plan=A&year=2026', 'mailto:office@example.com', '/images/knee.png', '?print=1'),
  fc.stringMatching(/^\/[a-z0-9-]{1,12}(\/[a-z0-9-]{1,12})?$/),
);
const prose = fc.array(fc.constantFrom('The', 'cap', 'is', 'lower', 'this', 'year.', 'Ask', 'your', 'doctor', '**first**', '_then_', 'call.'), { minLength: 1, maxLength: 6 }).map((words) => words.join(' '));
type Written = { markdown: string; urls: string[]; image: boolean };
const linkPart: fc.Arbitrary<Written> = fc.oneof(
  fc.tuple(prose, plainUrl).map(([label, target]) => ({ markdown: `[${label}](${target})`, urls: [target], image: false })),
  fc.tuple(prose, plainUrl).map(([alt, target]) => ({ markdown: `![${alt}](${target})`, urls: [target], image: true })),
  fc.tuple(prose, plainUrl).map(([label, target]) => ({ markdown: `[${label}](${target} "A title")`, urls: [target], image: false })),
  prose.map((words) => ({ markdown: words, urls: [], image: false })),
);
const linkBody = fc.array(fc.tuple(linkPart, fc.constantFrom(' ', '\n', '\n\n', '\n\n- ', '\n\n> ')), { maxLength: 10 }).map((parts) => {
  let body = '';
  const expected: { url: string; line: number; image: boolean }[] = [];
  for (const [{ markdown: part, urls, image }, separator] of parts) {
    const line = body.split('\n').length;
    for (const written of urls) expected.push({ url: written, line, image });
    body += part + separator;
  }
  return { body, expected };
});

test("a body's links, as the build checks them, are the URLs written, at their lines, images told from links", () => {
  fc.assert(
    fc.property(linkBody, ({ body, expected }) => {
      assert.deepEqual(processed(body).links, expected, `markdown: ${JSON.stringify(body)}`);
    }),
    { numRuns: 500 },
  );
});
