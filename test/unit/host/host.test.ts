/**
 * What a host answers for out/ (build/host/): the objects of the published
 * site, their types and caching, how a request path resolves, and which
 * files of out/ are the site at all.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { CACHE, cacheControlOf, contentLanguageOf, contentTypeOf, hostedObjects, listOutput, redirectOfPage, resolveRequest } from '../../../build/host/index.ts';
import { MARKER_FILE } from '../../../build/write/index.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { article, buildFrom, pageAt } from '../../helpers/sites.ts';

const FILES = [
  'index.html',
  '404.html',
  'insights/index.html',
  'insights/404.html',
  'es/index.html',
  'es/404.html',
  'es/insights/404.html',
  'insights/part-d-in-2026/index.html',
  'insights/part-d/index.html',
  'education/index.html',
  'about/index.html',
  'assets/widgets.ULRBGF6B.js',
  'assets/site.YMJWRT34.css',
  'pdfs/low-back-pain.pdf',
  'images/physician.svg',
  'images/social-default.png',
];
const OBJECTS = hostedObjects(FILES, [{ from: '/insights/part-d', to: '/insights/part-d-in-2026' }]);

test('every page is an object at its file and at its address without a slash, so /p answers with no redirect', () => {
  for (const [key, file] of [
    ['insights', 'insights/index.html'],
    ['insights/index.html', 'insights/index.html'],
    ['about', 'about/index.html'],
    ['insights/part-d-in-2026', 'insights/part-d-in-2026/index.html'],
  ]) {
    assert.equal(OBJECTS.get(key as string)?.file, file, key);
    assert.equal(OBJECTS.get(key as string)?.contentType, 'text/html; charset=utf-8', key);
  }
  assert.equal(OBJECTS.has(''), false, 'the root is index.html only');
});

test('a file-name alias is a redirect object at both of its keys', () => {
  assert.equal(OBJECTS.get('insights/part-d')?.redirectTo, '/insights/part-d-in-2026');
  assert.equal(OBJECTS.get('insights/part-d/index.html')?.redirectTo, '/insights/part-d-in-2026');
});

const TYPES: [string, string, string][] = [
  ['index.html', 'text/html; charset=utf-8', CACHE.revalidate],
  ['assets/widgets.ULRBGF6B.js', 'text/javascript; charset=utf-8', CACHE.immutable],
  ['assets/site.YMJWRT34.css', 'text/css; charset=utf-8', CACHE.immutable],
  ['assets/site.css', 'text/css; charset=utf-8', CACHE.revalidate],
  ['pdfs/low-back-pain.pdf', 'application/pdf', CACHE.day],
  ['images/physician.svg', 'image/svg+xml', CACHE.day],
  ['images/photo.JPG', 'image/jpeg', CACHE.day],
  ['images/photo.webp', 'image/webp', CACHE.day],
  ['sitemap.xml', 'application/xml; charset=utf-8', CACHE.revalidate],
  ['feed.json', 'application/feed+json; charset=utf-8', CACHE.revalidate],
  ['feed.xml', 'application/rss+xml; charset=utf-8', CACHE.revalidate],
  ['atom.xml', 'application/atom+xml; charset=utf-8', CACHE.revalidate],
  ['data.json', 'application/json; charset=utf-8', CACHE.revalidate],
  ['robots.txt', 'text/plain; charset=utf-8', CACHE.revalidate],
  ['download.bin', 'application/octet-stream', CACHE.revalidate],
  ['no-extension', 'application/octet-stream', CACHE.revalidate],
  // Types a physician may publish from assets/, which a hand-written table once served as octet-stream.
  ['videos/knee-exercises.mp4', 'video/mp4', CACHE.revalidate],
  ['forms/intake.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', CACHE.revalidate],
  ['data/fees.csv', 'text/csv; charset=utf-8', CACHE.revalidate],
  ['site.webmanifest', 'application/manifest+json; charset=utf-8', CACHE.revalidate],
  ['fonts/body.woff', 'font/woff', CACHE.revalidate],
];

for (const [file, type, cache] of TYPES) {
  test(`${file} is served as ${type} with ${cache}`, () => {
    assert.equal(contentTypeOf(file), type);
    assert.equal(cacheControlOf(file), cache);
  });
}

// DECISIONS.md "Languages": the bucket and the preview both take the header from here.
const LANGUAGES: [file: string, language: string | undefined][] = [
  ['index.html', 'en'],
  ['insights/part-d-in-2026/index.html', 'en'],
  ['404.html', 'en'],
  ['es/index.html', 'es'],
  ['es/insights/la-parte-d-en-2026/index.html', 'es'],
  ['es/404.html', 'es'],
  ['es/insights/404.html', 'es'],
  ['pdfs/sciatica.pdf', 'en'],
  ['pdfs/sciatica.es.pdf', 'es'],
  ['pdfs/SCIATICA.ES.PDF', 'es'],
  ['feed.xml', 'en'],
  ['es/feed.xml', 'es'],
  ['es/atom.xml', 'es'],
  ['es/feed.json', 'es'],
  ['estate/index.html', 'en'],
  ['sitemap.xml', undefined],
  ['images/physician.svg', undefined],
  ['og/la-parte-d.png', undefined],
  ['assets/site.YMJWRT34.css', undefined],
  ['robots.txt', undefined],
];

for (const [file, language] of LANGUAGES) {
  test(`${file} is served ${language === undefined ? 'with no Content-Language' : `in Content-Language ${language}`}`, () => {
    assert.equal(contentLanguageOf(file), language);
  });
}

test('every object of a page, its copy at the folder name and a redirect, carries its language; a file with no words carries none', () => {
  const objects = hostedObjects(['es/index.html', 'es/insights/a/index.html', 'pdfs/a.es.pdf', 'pdfs/a.pdf', 'images/a.png'], [{ from: '/es/insights/b', to: '/es/insights/a' }]);
  assert.deepEqual(
    [...objects.values()].map((object) => [object.key, object.contentLanguage]),
    [
      ['es/index.html', 'es'],
      ['es', 'es'],
      ['es/insights/a/index.html', 'es'],
      ['es/insights/a', 'es'],
      ['pdfs/a.es.pdf', 'es'],
      ['pdfs/a.pdf', 'en'],
      ['images/a.png', undefined],
      ['es/insights/b/index.html', 'es'],
      ['es/insights/b', 'es'],
    ],
  );
  assert.equal('contentLanguage' in (objects.get('images/a.png') ?? {}), false);
});

// DECISIONS.md "Routes and the static host".
const ROUTES: [string, number, string][] = [
  ['/', 200, 'index.html'],
  ['/index.html', 200, 'index.html'],
  ['/insights', 200, 'insights/index.html'],
  ['/insights/', 200, 'insights/index.html'],
  ['/insights/part-d-in-2026', 200, 'insights/part-d-in-2026/index.html'],
  ['/insights/part-d-in-2026/', 200, 'insights/part-d-in-2026/index.html'],
  ['/education', 200, 'education/index.html'],
  ['/about/', 200, 'about/index.html'],
  ['/pdfs/low-back-pain.pdf', 200, 'pdfs/low-back-pain.pdf'],
  ['/pdfs/low%2Dback%2Dpain.pdf', 200, 'pdfs/low-back-pain.pdf'],
  ['/insights/unknown', 404, '404.html'],
  ['/insights/unknown/deeper/', 404, '404.html'],
  ['/unknown', 404, '404.html'],
  ['/pdfs/missing.pdf', 404, '404.html'],
  ['/INSIGHTS', 404, '404.html'],
  // One error page for every language, as CloudFront's custom error response has it; its script shows the page notFoundFile names.
  ['/es', 200, 'es/index.html'],
  ['/es/no-existe', 404, '404.html'],
  ['/es/insights/no-existe', 404, '404.html'],
];

for (const [path, status, file] of ROUTES) {
  test(`${path} answers ${status} with ${file}`, () => {
    const answer = resolveRequest(path, OBJECTS);
    assert.equal(answer.status, status);
    assert.ok(answer.status === 200 || answer.status === 404, 'not a redirect or a refusal');
    assert.equal(answer.object?.file, file);
  });
}

test('the file-name alias answers 301 to the canonical address, with or without a slash', () => {
  assert.deepEqual(resolveRequest('/insights/part-d', OBJECTS), { status: 301, location: '/insights/part-d-in-2026' });
  assert.deepEqual(resolveRequest('/insights/part-d/', OBJECTS), { status: 301, location: '/insights/part-d-in-2026' });
});

// Paths that could only mean to climb out of out/: refused before any lookup.
const REFUSED: [string, number][] = [
  ['/../package.json', 400],
  ['/insights/../../package.json', 400],
  ['/%2e%2e/package.json', 400],
  ['/%2E%2E/%2E%2E/etc/passwd', 400],
  ['/..%2fpackage.json', 400],
  ['/%2e%2e%2fpackage.json', 400],
  ['/insights/..%5c..%5cpackage.json', 400],
  ['/..\\package.json', 400],
  ['/%5c%5cserver%5cshare', 400],
  ['/./index.html', 400],
  ['/index.html%00.pdf', 400],
  ['/%00', 400],
  ['/%zz', 400],
  ['/%', 400],
  ['relative/path', 400],
  [`/${'a'.repeat(2000)}`, 414],
];

for (const [path, status] of REFUSED) {
  test(`${JSON.stringify(path.length > 40 ? `${path.slice(0, 40)}…` : path)} is refused with ${status}`, () => {
    assert.equal(resolveRequest(path, OBJECTS).status, status);
  });
}

test('with no 404.html at all, an unknown path is a 404 with no object', () => {
  assert.deepEqual(resolveRequest('/nothing', hostedObjects(['index.html'], [])), { status: 404, object: undefined });
});

test('the files of a built site are listed relative to it, with forward slashes, without the marker or any dotfile but those of .well-known/', async () => {
  const out = await temporaryFolder('list-output');
  for (const file of ['index.html', 'insights/a/index.html', 'pdfs/a b.pdf', '.well-known/security.txt', MARKER_FILE, '.DS_Store', '.well-known/.secret.txt', 'images/.hidden.png', 'images/.well-known/a.txt', '.git/config']) {
    await mkdir(path.dirname(path.join(out, file)), { recursive: true });
    await writeFile(path.join(out, file), 'x');
  }
  await mkdir(path.join(out, 'empty-folder'));
  assert.deepEqual((await listOutput(out)).sort(), ['.well-known/security.txt', 'index.html', 'insights/a/index.html', 'pdfs/a b.pdf']);
});

test('listing a folder that does not exist fails', async () => {
  await assert.rejects(listOutput(path.join(tmpdir(), 'no-such-output-folder-here')), { code: 'ENOENT' });
});

test('the page a build writes at a file-name alias stands for a redirect to the article; its other pages do not', async () => {
  const build = await buildFrom({ 'content/insights/part-d.md': article({ title: 'Part D in 2026', date: '2025-10-01' }) });
  assert.equal(redirectOfPage(pageAt(build, '/insights/part-d', 'redirect')), '/insights/part-d-in-2026');
  for (const page of build.pages.filter((one) => one.kind !== 'redirect')) assert.equal(redirectOfPage(page.html), undefined, page.file);
  assert.equal(redirectOfPage('<meta http-equiv="refresh" content="0; url=https://elsewhere.example/"/>'), undefined, 'only to an address of the site');
});
