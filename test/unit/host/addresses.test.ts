/**
 * The one rule between addresses and the files of out/ (build/host/addresses.ts),
 * which the build, the checks, the preview and the deploy all follow
 * (DECISIONS.md "Routes and the static host").
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressesOfFile, keyOfRequest, keysOfFile, notFoundFile, pageFile, pageOfFile } from '../../../build/host/addresses.ts';

const PAGES: [url: string, file: string][] = [
  ['/', 'index.html'],
  ['/insights', 'insights/index.html'],
  ['/insights/part-d-in-2026', 'insights/part-d-in-2026/index.html'],
  ['/education', 'education/index.html'],
];

for (const [url, file] of PAGES) {
  test(`the page ${url} is the file ${file}, and back`, () => {
    assert.equal(pageFile(url), file);
    assert.equal(pageOfFile(file), url);
  });
}

test('a page address with a trailing slash, or several, is the same file', () => {
  assert.equal(pageFile('/insights/'), 'insights/index.html');
  assert.equal(pageFile('//about//'), 'about/index.html');
  assert.equal(pageFile(''), 'index.html');
});

test('a file that is no folder index is no page', () => {
  for (const file of ['404.html', 'insights/404.html', 'feed.xml', 'pdfs/low-back-pain.pdf', 'og/a.png', 'insights/index.htm', 'notindex.html', 'insights/notindex.html']) assert.equal(pageOfFile(file), undefined, file);
});

test('a page answers at its address with and without the slash and at its index.html; the home page at / and /index.html', () => {
  assert.deepEqual(addressesOfFile('insights/index.html'), ['/insights', '/insights/', '/insights/index.html']);
  assert.deepEqual(addressesOfFile('insights/knee-pain/index.html'), ['/insights/knee-pain', '/insights/knee-pain/', '/insights/knee-pain/index.html']);
  assert.deepEqual(addressesOfFile('index.html'), ['/', '/index.html']);
});

test('any other file answers at its own path only', () => {
  assert.deepEqual(addressesOfFile('pdfs/low-back-pain.pdf'), ['/pdfs/low-back-pain.pdf']);
  assert.deepEqual(addressesOfFile('404.html'), ['/404.html']);
  assert.deepEqual(addressesOfFile('insights/404.html'), ['/insights/404.html']);
});

test('a page is stored under its file and its folder name, so /p answers with no redirect; the home page and other files under their path', () => {
  assert.deepEqual(keysOfFile('insights/index.html'), ['insights/index.html', 'insights']);
  assert.deepEqual(keysOfFile('insights/a/index.html'), ['insights/a/index.html', 'insights/a']);
  assert.deepEqual(keysOfFile('index.html'), ['index.html']);
  assert.deepEqual(keysOfFile('sitemap.xml'), ['sitemap.xml']);
});

const REQUESTS: [path: string, key: string][] = [
  ['/', 'index.html'],
  ['/insights', 'insights'],
  ['/insights/', 'insights/index.html'],
  ['/insights/a/', 'insights/a/index.html'],
  ['/index.html', 'index.html'],
  ['/pdfs/a b.pdf', 'pdfs/a b.pdf'],
];

for (const [requested, key] of REQUESTS) {
  test(`a request for ${requested} asks for the key ${key}`, () => {
    assert.equal(keyOfRequest(requested), key);
  });
}

test('every address of a file asks for one of its keys', () => {
  for (const file of ['index.html', 'insights/index.html', 'insights/a/index.html', 'about/index.html', 'pdfs/a.pdf', 'og/a.png', '404.html']) {
    for (const address of addressesOfFile(file)) assert.ok(keysOfFile(file).includes(keyOfRequest(address)), `${address} → ${keyOfRequest(address)}, not a key of ${file}`);
  }
});

// DECISIONS.md "Languages": the page the single error page shows (the preview and CloudFront both answer with 404.html; its script fetches this one).
const NOT_FOUND: [path: string, page: string][] = [
  ['/no-such-page', '404.html'],
  ['/about/nothing/', '404.html'],
  ['/insights/no-such-article', 'insights/404.html'],
  ['/insights/a/b/', 'insights/404.html'],
  ['/es/no-existe', 'es/404.html'],
  ['/es/acerca/nada/', 'es/404.html'],
  ['/es/insights/no-existe', 'es/insights/404.html'],
  ['/es/insights/ni%C3%B1o/', 'es/insights/404.html'],
  ['/es/educacion/insights/x', 'es/404.html'],
  ['/estate/insights/x', '404.html'],
  ['/ES/no-existe', '404.html'],
  ['/fr/insights/x', '404.html'],
  ['/about/es/insights/x', '404.html'],
];

for (const [requested, page] of NOT_FOUND) {
  test(`an unknown ${requested} shows the not-found page ${page}`, () => {
    assert.equal(notFoundFile(requested), page);
  });
}
