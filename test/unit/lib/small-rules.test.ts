import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { isArticleFile } from '../../../build/lib/article-file.ts';
import { formatFileSize } from '../../../build/lib/file-size.ts';
import { relativePath } from '../../../build/lib/relative-path.ts';
import { reloadNeeded } from '../../../build/lib/reload-rule.ts';
import { normaliseSiteUrl } from '../../../build/lib/site-url.ts';

test('a file of the insights folder is an article when its name ends in .md, in any case', () => {
  for (const name of ['a.md', 'B.MD', 'sub/c.Md', '/abs/path/d.md']) assert.equal(isArticleFile(name), true, name);
  for (const name of ['a.markdown', 'a.md.txt', 'notes.txt', 'md', 'a.mdx']) assert.equal(isArticleFile(name), false, name);
});

test('a file below a folder is named by its path from the folder, with forward slashes', () => {
  const folder = path.join(path.sep, 'site', 'out');
  assert.equal(relativePath(folder, path.join(folder, 'insights', 'a', 'index.html')), 'insights/a/index.html');
  assert.equal(relativePath(folder, path.join(folder, 'feed.xml')), 'feed.xml');
  assert.equal(relativePath(folder, folder), '');
});

const SITE_URLS: [string, string | undefined][] = [
  ['https://www.example.com', 'https://www.example.com'],
  ['https://www.example.com/', 'https://www.example.com'],
  ['https://example.com/sub/', 'https://example.com/sub'],
  ['  http://localhost:4321 ', 'http://localhost:4321'],
  ['www.example.com', undefined],
  ['ftp://example.com', undefined],
  ['https://example.com/?a=b', undefined],
  ['https://example.com/#top', undefined],
  ['', undefined],
];

for (const [text, url] of SITE_URLS) {
  test(`the site address ${JSON.stringify(text)} is ${String(url)}`, () => {
    assert.equal(normaliseSiteUrl(text), url);
  });
}

const SIZES: [number, string][] = [
  [0, '0 B'],
  [618, '618 B'],
  [1023, '1023 B'],
  [1024, '1 KB'],
  [2700, '3 KB'],
  [86_000, '84 KB'],
  [1024 * 1024, '1.0 MB'],
  [2_500_000, '2.4 MB'],
];

for (const [bytes, shown] of SIZES) {
  test(`${bytes} bytes show as ${shown}`, () => {
    assert.equal(formatFileSize(bytes), shown);
  });
}

test('a preview page reloads when its own file, or a file it shows by name, was rewritten; a not-found page on any change', () => {
  assert.equal(reloadNeeded('/insights/a', ['insights/a/index.html'], false), true);
  assert.equal(reloadNeeded('/insights/a/', ['insights/a/index.html'], false), true, 'with a trailing slash');
  assert.equal(reloadNeeded('/', ['index.html'], false), true);
  assert.equal(reloadNeeded('/', ['insights/a/index.html', 'feed.xml', 'sitemap.xml', 'og/a.png'], false), false, 'another page, the feeds and sharing images change nothing on screen');
  assert.equal(reloadNeeded('/about', ['images/physician.svg'], false), true, 'an image replaced under the same name');
  assert.equal(reloadNeeded('/insights/new', ['insights/new/index.html'], true), true);
  assert.equal(reloadNeeded('/insights/new', [], true), false);
  assert.equal(reloadNeeded('/insights/caf%C3%A9', ['insights/café/index.html'], false), true, 'an address with an escaped letter');
});
