import assert from 'node:assert/strict';
import { test } from 'node:test';
import { safeUrl } from '../../../build/lib/url-safety.ts';
import { processMarkdown, type MarkdownDocument } from '../../../build/markdown/process.ts';
import { markdownWords } from '../../../templates/messages/index.ts';

/** A body as the build processes it, with no figures and no images of known size. */
function processed(markdown: string, pageUrl = '/insights/a'): MarkdownDocument {
  const document = processMarkdown(markdown, pageUrl, { words: markdownWords(), figures: new Map(), imageSizes: new Map() });
  assert.ok(!('tooDeep' in document), 'the body is processed');
  return document;
}

// spec §5: only http, https, irc, ircs, mailto and xmpp; relative URLs and fragments stay.
// Issue 24: and a tel: link that holds a phone number, so a reader can tap to call.
const KEPT: [string, string][] = [
  ['https://www.medicare.gov', 'https://www.medicare.gov'],
  ['http://example.com/a?b=c#d', 'http://example.com/a?b=c#d'],
  ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
  ['irc://irc.example.net/room', 'irc://irc.example.net/room'],
  ['ircs://irc.example.net/room', 'ircs://irc.example.net/room'],
  ['mailto:office@example.com', 'mailto:office@example.com'],
  ['MailTo:office@example.com', 'MailTo:office@example.com'],
  ['xmpp:doctor@example.com', 'xmpp:doctor@example.com'],
  ['tel:+18006334227', 'tel:+18006334227'],
  ['tel:+1-800-633-4227', 'tel:+1-800-633-4227'],
  ['TEL:18009635337', 'TEL:18009635337'],
  ['tel:+1.555.555.0100', 'tel:+1.555.555.0100'],
  ['/education#hand-wrist', '/education#hand-wrist'],
  ['../insights', '../insights'],
  ['relative/page', 'relative/page'],
  ['#section', '#section'],
  ['?query=a:b', '?query=a:b'],
  ['/path/with:colon', '/path/with:colon'],
  ['page#frag:ment', 'page#frag:ment'],
  ['  https://example.com  ', 'https://example.com'],
  ['', ''],
  // A colon after what cannot be a scheme (a letter, then letters, digits, `+`, `-` or `.`) is part of a relative path, as a browser reads it.
  ['foo):', 'foo):'],
  ['a b:c', 'a b:c'],
  ['1st:floor', '1st:floor'],
  ['_javascript:alert(1)', '_javascript:alert(1)'],
  ['%6Aavascript:alert(1)', '%6Aavascript:alert(1)'],
];

const BLANKED = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD4=',
  'file:///etc/passwd',
  'ftp://example.com/file',
  'tel:1-800-MEDICARE',
  'tel:',
  'tel:+',
  'tel:+1--800',
  'tel:+18006334227?body=x',
  'tel:javascript:alert(1)',
  'tel:+1800%0Aalert(1)',
  'sms:+15555550100',
  'blob:https://example.com/uuid',
  'chrome://settings',
  'javascript://comment%0Aalert(1)',
  'a+b-c.d:x',
  'x:',
];

for (const [url, expected] of KEPT) {
  test(`keeps ${JSON.stringify(url)}`, () => {
    assert.equal(safeUrl(url), expected);
  });
}

for (const url of BLANKED) {
  test(`blanks ${JSON.stringify(url)}`, () => {
    assert.equal(safeUrl(url), '');
  });
}

function html(markdown: string): string {
  return processed(markdown, '/insights/page').html;
}

test('entities in a markdown URL are decoded before the check, so they cannot hide a protocol', () => {
  assert.equal(html('[x](jav&#x61;script:alert(1))'), '<p><a href="">x</a></p>');
  assert.equal(html('[x](javascript&#58;alert(1))'), '<p><a href="">x</a></p>');
  assert.equal(html('[x](&#106;avascript:alert(1))'), '<p><a href="">x</a></p>');
});

test('a colon after something that is not a scheme keeps the address, as GFM example 508 has it', () => {
  assert.equal(html('[link](foo\\)\\:)'), '<p><a href="/insights/foo):">link</a></p>');
});

test('reference links, images and autolinks are checked too', () => {
  assert.equal(html('[x][ref]\n\n[ref]: javascript:alert(1)'), '<p><a href="">x</a></p>');
  // React leaves out an empty src altogether, so the image requests nothing.
  assert.equal(html('![alt](javascript:alert(1))'), '<p><img alt="alt" loading="lazy" decoding="async"/></p>');
  assert.equal(html('<javascript:alert(1)>'), '<p><a href="">javascript:alert(1)</a></p>');
  // Its text is its address: marked, so that print does not write it twice.
  assert.equal(html('<https://www.medicare.gov>'), '<p><a href="https://www.medicare.gov" data-text-is-url="">https://www.medicare.gov</a></p>');
});
