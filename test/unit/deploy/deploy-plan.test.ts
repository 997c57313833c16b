import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bucketKey, encodeInvalidationPath, invalidationPaths, MAX_INVALIDATION_PATHS, planSync, uploadPhase, type LocalObject } from '../../../build/deploy/plan.ts';
import { hostedObjects, redirectOfPage } from '../../../build/host/index.ts';

function local(files: Record<string, string>, redirects: { from: string; to: string }[] = []): LocalObject[] {
  return [...hostedObjects(Object.keys(files), redirects).values()].map((object) => ({ ...object, md5: files[object.file] ?? '', size: 10 }));
}

const SITE = { 'index.html': 'h1', '404.html': 'e1', 'about/index.html': 'a1', 'pdfs/a.pdf': 'p1' };

test('keys go under the prefix, whatever slashes it is written with', () => {
  assert.equal(bucketKey('', 'about'), 'about');
  assert.equal(bucketKey('site', 'about'), 'site/about');
  assert.equal(bucketKey('/site/', 'about'), 'site/about');
  assert.equal(bucketKey('a/b', 'index.html'), 'a/b/index.html');
});

test('new objects upload, equal hashes skip, changed hashes upload, and the rest is deleted', () => {
  const remote = [
    { key: 'index.html', etag: 'h1' },
    { key: 'about', etag: 'OLD' },
    { key: 'about/index.html', etag: 'a1' },
    { key: 'gone/index.html', etag: 'g1' },
  ];
  const plan = planSync(local(SITE), remote, '');
  assert.deepEqual(
    plan.uploads.map((upload) => [upload.key, upload.reason]),
    [
      ['pdfs/a.pdf', 'new'],
      ['404.html', 'new'],
      ['about', 'changed'],
    ],
  );
  assert.equal(plan.unchanged, 2);
  assert.deepEqual(plan.deletes, ['gone/index.html']);
  // The key `about` answers only at /about; the deleted page's key `gone/index.html` at all three of its addresses.
  assert.deepEqual(plan.invalidations, ['/404.html', '/about', '/gone', '/gone/', '/gone/index.html', '/pdfs/a.pdf']);
});

test("each changed key invalidates the viewer paths the host serves it at, and no other", () => {
  assert.deepEqual(invalidationPaths(['about']), ['/about'], 'the copy of a page under its folder name answers at /about only');
  assert.deepEqual(invalidationPaths(['about/index.html']), ['/about', '/about/', '/about/index.html']);
  assert.deepEqual(invalidationPaths(['about', 'about/index.html']), ['/about', '/about/', '/about/index.html'], 'a page deleted at both its keys: each path once');
  assert.deepEqual(invalidationPaths(['pdfs/a.pdf', 'og/a.png']), ['/og/a.png', '/pdfs/a.pdf']);
});

test('a deleted page, at both of its keys, is invalidated at /p, /p/ and /p/index.html', () => {
  const remote = [...local(SITE).map((object) => ({ key: object.key, etag: object.md5 })), { key: 'old', etag: 'o1' }, { key: 'old/index.html', etag: 'o1' }];
  const plan = planSync(local(SITE), remote, '');
  assert.deepEqual(plan.deletes, ['old', 'old/index.html']);
  assert.deepEqual(plan.invalidations, ['/old', '/old/', '/old/index.html']);
});

test('a prefix keeps other folders of the bucket out of the plan', () => {
  const plan = planSync(local({ 'index.html': 'h1', '404.html': 'e1' }), [{ key: 'site/index.html', etag: 'h1' }, { key: 'site/old.html', etag: 'x' }], 'site');
  assert.deepEqual(plan.uploads.map((upload) => upload.key), ['site/404.html']);
  assert.deepEqual(plan.deletes, ['site/old.html']);
  assert.deepEqual(plan.invalidations, ['/404.html', '/old.html'], 'paths are the viewer paths, without the prefix');
});

test('nothing changed means nothing to upload, delete or invalidate', () => {
  const objects = local(SITE);
  const plan = planSync(objects, objects.map((object) => ({ key: object.key, etag: object.md5 })), '');
  assert.deepEqual(plan, { uploads: [], unchanged: objects.length, deletes: [], invalidations: [] });
});

test('--force uploads everything and invalidates everything', () => {
  const objects = local(SITE);
  const plan = planSync(objects, objects.map((object) => ({ key: object.key, etag: object.md5 })), '', true);
  assert.equal(plan.uploads.length, objects.length);
  assert.ok(plan.uploads.every((upload) => upload.reason === 'forced'));
  assert.deepEqual(plan.invalidations, ['/*']);
});

test('the home page is invalidated at / and /index.html; many paths collapse to /*', () => {
  assert.deepEqual(invalidationPaths(['index.html']), ['/', '/index.html']);
  const many = Array.from({ length: MAX_INVALIDATION_PATHS }, (_, index) => `pdfs/${index}.pdf`);
  assert.equal(invalidationPaths(many).length, MAX_INVALIDATION_PATHS);
  assert.deepEqual(invalidationPaths([...many, 'pdfs/one-more.pdf']), ['/*']);
});

test('an alias page of out/ is recognised as a redirect, and no other page is', () => {
  assert.equal(redirectOfPage('<head><meta http-equiv="refresh" content="0; url=/insights/new-title"/><title>x</title></head>'), '/insights/new-title');
  assert.equal(redirectOfPage('<head><title>Meta refresh explained</title></head><body>content="0; url=/x"</body>'), undefined);
  assert.equal(redirectOfPage('<meta http-equiv="refresh" content="0; url=https://elsewhere.example/"/>'), undefined, 'only addresses of this site');
});

test('invalidation paths are percent-encoded where CloudFront asks, and only there', () => {
  assert.equal(encodeInvalidationPath('/images/My Photo ü.png'), '/images/My%20Photo%20%C3%BC.png');
  assert.equal(encodeInvalidationPath('/a~b/{x}#1%'), '/a%7Eb/%7Bx%7D%231%25');
  assert.equal(encodeInvalidationPath("/notes/a&b=c;d:e@f'(g)!*"), "/notes/a&b=c;d:e@f'(g)!*", 'reserved characters and the wildcard stay as they are');
  assert.equal(encodeInvalidationPath('/emoji/😀.png'), '/emoji/%F0%9F%98%80.png');
  assert.deepEqual(invalidationPaths(['images/My Photo ü.png']), ['/images/My%20Photo%20%C3%BC.png']);
  assert.deepEqual(invalidationPaths(['images/knee+hip.png']), ['/images/knee%2Bhip.png'], 'as the viewer-request function sends it on, and CloudFront caches it');
});

test('uploads are planned in phases: what pages load, then pages, then feeds, sitemap, robots and redirects', () => {
  const files = { 'index.html': 'h', '404.html': 'e', 'feed.xml': 'f', 'sitemap.xml': 's', 'robots.txt': 'r', 'assets/site.ABC.css': 'c', 'pdfs/a.pdf': 'p', 'about/index.html': 'a', 'og/a.png': 'o' };
  const plan = planSync(local(files, [{ from: '/old', to: '/about' }]), [], '');
  const phases = plan.uploads.map((upload) => uploadPhase(upload.object));
  assert.deepEqual(phases, [...phases].sort(), 'the plan lists uploads phase by phase');
  const phaseOf = (key: string) => uploadPhase((plan.uploads.find((upload) => upload.key === key) ?? assert.fail(key)).object);
  assert.deepEqual(['assets/site.ABC.css', 'pdfs/a.pdf', 'og/a.png'].map(phaseOf), [0, 0, 0]);
  assert.deepEqual(['index.html', '404.html', 'about', 'about/index.html'].map(phaseOf), [1, 1, 1, 1]);
  assert.deepEqual(['feed.xml', 'sitemap.xml', 'robots.txt', 'old', 'old/index.html'].map(phaseOf), [2, 2, 2, 2, 2]);
});
