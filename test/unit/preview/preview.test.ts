/**
 * The preview server over HTTP: it answers every kind of route as the
 * published host will (build/host/) and refuses every path that tries to
 * leave out/; it publishes what the host would, `.well-known/` included. How
 * it rebuilds as the author edits is in edits.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import fg from 'fast-glob';
import { CACHE, SECURITY_HEADERS } from '../../../build/host/index.ts';
import { type PreviewSite, send, startPreviewWithArticle, startTestPreview } from '../../helpers/preview.ts';
import { buildSampleSiteInto, copySampleSite, PROJECT_ROOT, SAMPLE_ASSETS } from '../../helpers/sites.ts';

let site: PreviewSite;
let articleUrl: string;
before(async () => ({ site, articleUrl } = await startPreviewWithArticle()));
after(() => site.close());

const CLIENT_TAG = '<script src="/__preview/client.js" defer></script></head>';

test('every page route answers 200 at the spec path and with a slash, as revalidated HTML with the reload script', async () => {
  for (const [route, heading] of [
    ['/', 'Dr. Alex Sample, MD'],
    ['/insights', 'Physician’s Insights'],
    ['/insights/', 'Physician’s Insights'],
    [articleUrl, 'Medicare Part D in 2026'],
    [`${articleUrl}/`, 'Medicare Part D in 2026'],
    ['/education', 'Educational Resources'],
    ['/about', 'About Dr. Alex Sample, MD'],
    ['/about?utm=x', 'About Dr. Alex Sample, MD'],
  ] as const) {
    const answer = await send(site.preview.url, route);
    assert.equal(answer.status, 200, route);
    assert.equal(answer.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(answer.headers['cache-control'], CACHE.revalidate);
    assert.match(String(answer.headers.etag), /^"[0-9a-f]{32}"$/);
    assert.equal(answer.headers.location, undefined, 'no redirect hop');
    assert.ok(answer.body.toString().includes(heading), `${route} shows ${heading}`);
    assert.ok(answer.body.toString().includes(CLIENT_TAG), `${route} carries the reload script`);
  }
});

test('the reload script is added as pages are served, never written into out/', async () => {
  const pages = await fg('**/*.html', { cwd: site.outDir });
  assert.ok(pages.length > 10, 'out/ has the pages');
  for (const page of pages) assert.doesNotMatch(await readFile(path.join(site.outDir, page), 'utf8'), /__preview/, page);
  const script = await send(site.preview.url, '/__preview/client.js');
  assert.equal(script.status, 200);
  assert.match(script.body.toString(), /EventSource/);
});

test('a file-name alias answers 301 to the canonical address', async () => {
  for (const route of ['/insights/part-d-2026', '/insights/part-d-2026/']) {
    const answer = await send(site.preview.url, route);
    assert.equal(answer.status, 301);
    assert.equal(answer.headers.location, articleUrl);
  }
});

test('a preview whose first build fails answers the file-name aliases of the site it serves meanwhile with 301s, as the last build recorded them', async () => {
  const copy = await copySampleSite();
  const outDir = path.join(copy.root, 'out');
  const log: string[] = [];
  try {
    await buildSampleSiteInto(outDir, { contentDir: copy.contentDir, assetsDir: copy.assetsDir });
    await writeFile(path.join(copy.contentDir, 'insights', 'broken.md'), '---\ntitle: [Unclosed\n---\n\nText.\n');
    const preview = await startTestPreview({ contentDir: copy.contentDir, assetsDir: copy.assetsDir, outDir }, { log: (line) => log.push(line), watchGenerator: false });
    try {
      assert.match(log.join('\n'), /broken\.md:2 error/, 'the first build failed');
      const answer = await send(preview.url, '/insights/part-d-2026');
      assert.equal(answer.status, 301, 'not the page that stands in for the redirect');
      assert.equal(answer.headers.location, articleUrl);
    } finally {
      await preview.close();
    }
  } finally {
    await copy.cleanup();
  }
});

test('unknown addresses answer 404 with the error page, as S3 and CloudFront do; its script has the article view to fetch', async () => {
  for (const route of ['/insights/no-such-article', '/no-such-page']) {
    const answer = await send(site.preview.url, route);
    assert.equal(answer.status, 404);
    assert.equal(answer.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(answer.body.toString(), /<h1>Page not found<\/h1>/);
  }
  const articleView = await send(site.preview.url, '/insights/404.html');
  assert.equal(articleView.status, 200);
  assert.match(articleView.body.toString(), /<h1>Article not found<\/h1>/);
});

test('handouts, images and bundles come with their own types and cache lifetimes, byte for byte', async () => {
  const pdf = await send(site.preview.url, '/pdfs/rotator-cuff-tears.pdf');
  assert.equal(pdf.status, 200);
  assert.equal(pdf.headers['content-type'], 'application/pdf');
  assert.equal(pdf.headers['cache-control'], CACHE.day);
  assert.ok(pdf.body.equals(await readFile(path.join(SAMPLE_ASSETS, 'pdfs/rotator-cuff-tears.pdf'))));
  const image = await send(site.preview.url, '/images/social-default.png');
  assert.equal(image.headers['content-type'], 'image/png');
  const home = (await send(site.preview.url, '/')).body.toString();
  const bundle = /src="(\/assets\/widgets\.[A-Z0-9]+\.js)"/.exec(home)?.[1] ?? '';
  const script = await send(site.preview.url, bundle);
  assert.equal(script.status, 200);
  assert.equal(script.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.equal(script.headers['cache-control'], CACHE.immutable);
});

test('every answer of the site carries the security headers CloudFront adds, but HSTS, which a browser ignores over plain HTTP', async () => {
  for (const route of ['/', articleUrl, '/pdfs/arthritis.pdf', '/insights/part-d-2026', '/insights/no-such-article', '/%00']) {
    const { headers, status } = await send(site.preview.url, route);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (name === 'strict-transport-security') assert.equal(headers[name], undefined, `${route} (${status}): no ${name}`);
      else assert.equal(headers[name], value, `${route} (${status}): ${name}`);
    }
  }
});

test('HEAD answers the same headers with no body', async () => {
  for (const route of ['/', '/pdfs/arthritis.pdf', '/insights/no-such-article']) {
    const [get, head] = await Promise.all([send(site.preview.url, route), send(site.preview.url, route, { method: 'HEAD' })]);
    assert.equal(head.status, get.status, route);
    assert.equal(head.body.length, 0);
    for (const header of ['content-type', 'content-length', 'etag', 'last-modified', 'cache-control']) assert.equal(head.headers[header], get.headers[header], `${route} ${header}`);
  }
});

test('a conditional GET with the current ETag answers 304 and nothing else', async () => {
  const first = await send(site.preview.url, '/education');
  const etag = String(first.headers.etag);
  const again = await send(site.preview.url, '/education', { headers: { 'if-none-match': etag } });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  assert.equal(again.headers.etag, etag);
  assert.equal((await send(site.preview.url, '/education', { headers: { 'if-none-match': '"stale", "other"' } })).status, 200);
});

test('If-None-Match answers 304 to "*" and to the ETag marked weak, as S3 does; If-Match that differs answers 412', async () => {
  const etag = String((await send(site.preview.url, '/education')).headers.etag);
  for (const header of ['*', `W/${etag}`, `"other", ${etag}`]) assert.equal((await send(site.preview.url, '/education', { headers: { 'if-none-match': header } })).status, 304, header);
  assert.equal((await send(site.preview.url, '/education', { headers: { 'if-match': '"other"' } })).status, 412);
  assert.equal((await send(site.preview.url, '/education', { headers: { 'if-match': etag } })).status, 200);
});

test("Last-Modified gives the file's time, as S3 gives an object's; If-Modified-Since and If-Unmodified-Since are answered from it, unless an ETag condition is given", async () => {
  const route = '/pdfs/arthritis.pdf';
  const { headers } = await send(site.preview.url, route);
  const written = (await stat(path.join(site.outDir, 'pdfs/arthritis.pdf'))).mtime;
  assert.equal(headers['last-modified'], written.toUTCString());
  const at = String(headers['last-modified']);
  const before = new Date(Date.parse(at) - 1000).toUTCString();
  const status = async (conditions: Record<string, string>) => (await send(site.preview.url, route, { headers: conditions })).status;
  assert.equal(await status({ 'if-modified-since': at }), 304, 'not changed since the time it gave');
  assert.equal(await status({ 'if-modified-since': before }), 200, 'changed since a second earlier');
  assert.equal(await status({ 'if-modified-since': 'not a date' }), 200, 'a header that is no date is not asked');
  assert.equal(await status({ 'if-modified-since': at, 'if-none-match': '"other"' }), 200, 'the ETag decides');
  assert.equal(await status({ 'if-unmodified-since': before }), 412, 'changed after the date');
  assert.equal(await status({ 'if-unmodified-since': at }), 200);
  assert.equal(await status({ 'if-unmodified-since': before, 'if-match': String(headers.etag) }), 200, 'the ETag decides');
});

test('a Range of bytes answers 206 with that part, one past the end 416, a malformed one the whole file', async () => {
  const whole = await send(site.preview.url, '/pdfs/arthritis.pdf');
  const size = whole.body.length;
  assert.equal(whole.headers['accept-ranges'], 'bytes');
  for (const [range, start, end] of [['bytes=0-9', 0, 9], ['bytes=-5', size - 5, size - 1], [`bytes=${size - 3}-`, size - 3, size - 1], [`bytes=10-${size + 100}`, 10, size - 1]] as const) {
    const part = await send(site.preview.url, '/pdfs/arthritis.pdf', { headers: { range } });
    assert.equal(part.status, 206, range);
    assert.equal(part.headers['content-range'], `bytes ${start}-${end}/${size}`, range);
    assert.deepEqual(part.body, whole.body.subarray(start, end + 1), range);
  }
  const past = await send(site.preview.url, '/pdfs/arthritis.pdf', { headers: { range: `bytes=${size}-` } });
  assert.equal(past.status, 416);
  assert.equal(past.headers['content-range'], `bytes */${size}`);
  const malformed = await send(site.preview.url, '/pdfs/arthritis.pdf', { headers: { range: 'lines=1-2' } });
  assert.equal(malformed.status, 200);
  assert.equal(malformed.body.length, size);
});

test('only GET and HEAD are answered', async () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    const answer = await send(site.preview.url, '/', { method });
    assert.equal(answer.status, 405, method);
    assert.equal(answer.headers.allow, 'GET, HEAD');
  }
});

const TRAVERSALS = [
  '/../package.json',
  '/../../../../etc/passwd',
  '/%2e%2e/package.json',
  '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/..%2fpackage.json',
  '/insights/..%5c..%5cpackage.json',
  '/..\\package.json',
  '/%5c..%5cpackage.json',
  '/index.html%00.pdf',
  '/%00',
  '/%c0%ae%c0%ae/package.json',
  '/.%2e/package.json',
  `/${'x/'.repeat(2000)}`,
  '//etc/passwd',
  '/content/site.md',
  '/build/cli.ts',
];

test('a request naming the preview by another name is refused (DNS rebinding); its addresses, localhost and the computer’s name are answered', async () => {
  const { port } = new URL(site.preview.url);
  for (const host of [`rebind.attacker.example:${port}`, 'physician-site.test', `127.0.0.1.nip.io:${port}`]) {
    for (const route of ['/', articleUrl, '/__preview/events']) {
      const answer = await send(site.preview.url, route, { headers: { host } });
      assert.equal(answer.status, 403, `${host} ${route}`);
      assert.doesNotMatch(answer.body.toString(), /<html/i);
    }
  }
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`, `${hostname()}:${port}`]) assert.equal((await send(site.preview.url, '/', { headers: { host } })).status, 200, host);
});

test('no path reaches outside out/, and none crashes the server', async () => {
  const secret = (await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8')).slice(0, 40);
  for (const route of TRAVERSALS) {
    const answer = await send(site.preview.url, route);
    assert.ok([400, 404, 414].includes(answer.status), `${route.slice(0, 50)} answered ${answer.status}`);
    assert.doesNotMatch(answer.body.toString(), /root:x:0:0|"name": "physician-site"/, route.slice(0, 50));
    assert.ok(!answer.body.toString().includes(secret));
  }
  assert.equal((await send(site.preview.url, '/')).status, 200, 'still serving');
});

test('a file of out/ that is a link to outside out/ is not served', async () => {
  const target = path.join(site.outDir, 'pdfs', 'arthritis.pdf');
  await rm(target);
  await symlink(path.join(PROJECT_ROOT, 'package.json'), target);
  const answer = await send(site.preview.url, '/pdfs/arthritis.pdf');
  assert.equal(answer.status, 404);
  assert.doesNotMatch(answer.body.toString(), /physician-site/);
});

test('a file saved in assets/.well-known/ is published and served; a hidden file beside it builds nothing', { timeout: 30_000 }, async () => {
  const folder = path.join(site.root, 'assets/.well-known');
  // The new folder starts a build of its own: waited for, so that it cannot end during the wait below.
  const madeFolder = site.preview.nextBuild();
  await mkdir(folder);
  assert.equal((await madeFolder).ok, true);
  const rebuilt = site.preview.nextBuild();
  await writeFile(path.join(folder, 'security.txt'), 'Contact: mailto:office@example.com\n');
  assert.equal((await rebuilt).ok, true);
  const answer = await send(site.preview.url, '/.well-known/security.txt');
  assert.deepEqual([answer.status, answer.body.toString()], [200, 'Contact: mailto:office@example.com\n']);
  // The save may reach the watcher as a second event, whose build is the save's, not the hidden file's.
  await site.quiet();
  const builds = site.log.length;
  await writeFile(path.join(site.root, 'assets/.notes.txt'), 'not for the site');
  await sleep(500);
  assert.equal(site.log.length, builds, 'no build for a hidden file');
  assert.equal((await send(site.preview.url, '/.notes.txt')).status, 404);
});

test("an image an article shows is served with its smaller copies, which the page's sources name", { timeout: 60_000 }, async () => {
  await site.edit('insights/part-d-2026.md', (text) => `${text}\n![The sample sharing image](/images/social-default.png)\n`);
  const page = (await send(site.preview.url, articleUrl)).body.toString();
  const copies = [...page.matchAll(/\/images\/social-default\.\d+w\.(?:avif|webp)/g)].map(([url]) => url);
  assert.ok(copies.length >= 2, 'the page names the copies in its sources');
  for (const copy of new Set(copies)) {
    const answer = await send(site.preview.url, copy);
    assert.equal(answer.status, 200, copy);
    assert.equal(answer.headers['content-type'], copy.endsWith('.avif') ? 'image/avif' : 'image/webp', copy);
  }
  const [, rewritten, files] = /; (\d+) of (\d+) files rewritten/.exec(site.log.at(-1) ?? '') ?? [];
  assert.ok(Number(rewritten) <= Number(files), `the count of files holds the copies: ${site.log.at(-1) ?? ''}`);
});
