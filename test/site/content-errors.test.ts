/**
 * What a build refuses and what it accepts, on small sites built in memory:
 * content errors collected from every file and named at their lines, links
 * to pages, sections and drafts, files that are not UTF-8, symbolic links,
 * sizes and PDFs.
 */
import assert from 'node:assert/strict';
import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { ContentErrors, formatDiagnostic } from '../../build/diagnostics/index.ts';
import { article, assertContains, buildFrom, buildInMemory, makeSite, pageAt, samplePdf, SITE_MD, THREE_ARTICLES } from '../helpers/sites.ts';

async function contentErrors(files: Record<string, string | null>) {
  try {
    await buildFrom(files);
  } catch (error) {
    assert.ok(error instanceof ContentErrors, String(error));
    return error.diagnostics;
  }
  assert.fail('the build should have failed');
}

test('a mistake the model finds does not hide one in a body: two articles at one address and a misspelt figure are told by the same build', async () => {
  const diagnostics = await contentErrors({
    'content/insights/one.md': article({ title: 'Knee Care', date: '2025-10-01' }),
    'content/insights/two.md': article({ title: 'Knee Care', date: '2025-10-02' }),
    'content/insights/three.md': article({ title: 'Hip Care', date: '2025-10-03' }, 'The cap is {{partDCapp}}.'),
  });
  assert.deepEqual(
    diagnostics.map((d) => [path.basename(d.file), d.ruleId]),
    [
      ['three.md', 'unknown-figure'],
      ['two.md', 'duplicate-slug'],
    ],
  );
});

test('a draft flag misspelt or neither true nor false stops the build at its file and line: the draft is never published', async () => {
  for (const line of ['Draft: true', 'drafts: true', 'darft: true', 'draft : true', 'draft: yes']) {
    const diagnostics = await contentErrors({ ...THREE_ARTICLES, 'content/insights/secret.md': `---\ntitle: Secret Draft\n${line}\n---\n\nUnfinished.\n` });
    assert.deepEqual(diagnostics.map((d) => [d.file.endsWith('secret.md'), d.line, d.ruleId, d.severity]), [[true, 3, 'unclear-draft', 'error']], line);
  }
});

test('content errors are collected from every file and reported together', async () => {
  const diagnostics = await contentErrors({
    'content/insights/a.md': article({ title: 'A', date: '2025-02-30' }),
    'content/insights/b.md': '---\ntitle: B: c\n---\n',
    'assets/pdfs/low-back-pain.pdf': null,
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.file.split('/').slice(-2).join('/'), d.line, d.ruleId]),
    [
      ['content/education-topics.yaml', 1, 'missing-pdf'],
      ['insights/a.md', 3, 'invalid-date'],
      ['insights/b.md', 2, 'invalid-front-matter'],
    ],
  );
  // Each told as one line an editor can follow: file:line severity rule message Hint: what to do.
  const root = path.dirname(path.dirname(diagnostics[0]?.file ?? ''));
  assert.deepEqual(
    diagnostics.map((d) => formatDiagnostic(d, root)),
    [
      'content/education-topics.yaml:1 error missing-pdf The handout for "Low Back Pain" is missing: assets/pdfs/low-back-pain.pdf does not exist. Hint: Add the PDF as assets/pdfs/low-back-pain.pdf, or correct the \'pdf\' field.',
      'content/insights/a.md:3 error invalid-date \'date\' is not a real calendar day: "2025-02-30". Hint: Write the date as YYYY-MM-DD, for example 2025-10-17, and check the month and day exist.',
      `content/insights/b.md:2 error invalid-front-matter ${diagnostics[2]?.message ?? ''} Hint: Write each field as 'key: value' on its own line; put quotes around values that contain a colon.`,
    ],
  );
});

test('a link to a page the site does not have is an error at its line', async () => {
  const diagnostics = await contentErrors({
    'content/insights/a.md': article({ title: 'A' }, 'Intro.\n\nSee [the other](/insights/nope), [a handout](/pdfs/missing.pdf) and [a section](/education#no-such-section).'),
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.ruleId, d.line]),
    [
      ['broken-link', 7],
      ['broken-link', 7],
      ['broken-link', 7],
    ],
  );
  assert.match(diagnostics[2]?.hint ?? '', /#back/);
});

test('a link to a section of the same page that does not exist is an error', async () => {
  const diagnostics = await contentErrors({ 'content/insights/a.md': article({ title: 'A' }, 'Jump [down](#nowhere).') });
  assert.deepEqual(diagnostics.map((d) => [d.ruleId, d.line]), [['broken-link', 5]]);
});

test('a link to a draft fails a production build but works with --drafts', async () => {
  const files = { ...THREE_ARTICLES, 'content/insights/a.md': article({ title: 'A' }, 'See [the draft](/insights/secret-draft).') };
  assert.equal((await contentErrors(files))[0]?.ruleId, 'broken-link');
  await buildFrom(files, { includeDrafts: true });
});

test('working internal links pass: pages, aliases, handouts, anchors, relative links and trailing slashes', async () => {
  await buildFrom({
    ...THREE_ARTICLES,
    'content/insights/a.md': article(
      { title: 'A' },
      '[1](/insights/old-news) [2](/insights/old) [3](/pdfs/low-back-pain.pdf) [4](/education#shoulder) [5](old-news) [6](/about/) [7](#top) [8](https://elsewhere.example/x) [9](mailto:a@b.example) [10](/) [11](../education#back) [12](/insights/old-news#main)',
    ),
  });
});

test('a link in the biography is checked too', async () => {
  const site = SITE_MD.replace('A short biography.', 'Read [my article](/insights/missing).');
  const diagnostics = await contentErrors({ 'content/site.md': site });
  assert.deepEqual(diagnostics.map((d) => [d.file.split('/').pop(), d.line, d.ruleId]), [['site.md', 29, 'broken-link']]);
});

test('missing content files are named, with what to do', async () => {
  const diagnostics = await contentErrors({ 'content/site.md': null, 'content/education-topics.yaml': null });
  assert.deepEqual(diagnostics.map((d) => [d.file.split('/').pop(), d.ruleId]), [
    ['education-topics.yaml', 'missing-content'],
    ['site.md', 'missing-content'],
  ]);
});

test('an asset that would overwrite a generated page is an error', async () => {
  const diagnostics = await contentErrors({ 'assets/about/index.html': '<p>clash</p>' });
  assert.equal(diagnostics[0]?.ruleId, 'asset-collision');
});

test('warnings do not stop the build and are returned', async () => {
  const build = await buildFrom({ 'content/insights/a.md': article({ title: 'A', tittle: 'typo' }), 'content/insights/notes.txt': 'not an article' });
  assert.deepEqual(build.warnings.map((w) => w.ruleId).sort(), ['ignored-file', 'unknown-field']);
});

// Tolerance of odd input: each builds or stops with a clear message.
test('an empty insights folder, a front-matter-only file and an article in a sub-folder all build', async () => {
  const build = await buildFrom({ 'content/insights/only-front.md': '---\ntitle: Only Front Matter\n---\n', 'content/insights/2025/nested.md': article({ title: 'Nested One' }) });
  assert.deepEqual(build.model.articles.map((a) => a.url).sort(), ['/insights/nested-one', '/insights/only-front-matter']);
  assertContains(pageAt(build, '/insights/only-front-matter'), ['<h1>Only Front Matter</h1>', '<span>1 min read</span>']);
});

test('a file that is not UTF-8 is a clear error', async () => {
  const site = await makeSite();
  try {
    await writeFile(`${site.contentDir}/insights/latin1.md`, Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x74, 0x3a, 0x20, 0xe9, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a]));
    await assert.rejects(buildInMemory({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false }), (error: unknown) => {
      assert.ok(error instanceof ContentErrors);
      assert.equal(error.diagnostics[0]?.ruleId, 'invalid-encoding');
      return true;
    });
  } finally {
    await site.cleanup();
  }
});

test('a UTF-8 byte order mark and CRLF endings build like a plain file', async () => {
  const plain = await buildFrom({ 'content/insights/a.md': '---\ntitle: "Same: Title"\ndate: 2025-10-17\n---\n\nBody text.\n' });
  const windows = await buildFrom({ 'content/insights/a.md': '\uFEFF---\r\ntitle: "Same: Title"\r\ndate: 2025-10-17\r\n---\r\n\r\nBody text.\r\n' });
  assert.equal(pageAt(windows, '/insights/same-title'), pageAt(plain, '/insights/same-title'));
});

test('a symlinked article builds; a link to a missing file is a clear error, not a silent skip', async () => {
  const site = await makeSite();
  try {
    await writeFile(`${site.root}/elsewhere.md`, article({ title: 'Linked Article' }));
    await symlink(`${site.root}/elsewhere.md`, `${site.contentDir}/insights/linked.md`);
    const build = await buildInMemory({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false });
    assert.deepEqual(build.model.articles.map((a) => a.url), ['/insights/linked-article']);
    await symlink(`${site.root}/moved-away.md`, `${site.contentDir}/insights/broken.md`);
    await assert.rejects(buildInMemory({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false }), (error: unknown) => {
      assert.ok(error instanceof ContentErrors);
      assert.deepEqual(error.diagnostics.map((d) => [d.file.split('/').pop(), d.ruleId]), [['broken.md', 'unreadable-file']]);
      assert.match(error.diagnostics[0]?.message ?? '', /link to .*moved-away\.md/);
      return true;
    });
  } finally {
    await site.cleanup();
  }
});

test('a long title within the address limit and an article just under 1 MB build', async () => {
  const longTitle = `${'Word '.repeat(37)}Ends!`;
  assert.equal(longTitle.length, 190);
  // A thousand paragraphs of 196 words: 982,000 bytes, under the 1 MiB an article may be.
  const bigBody = `${'Lots of words here in a paragraph. '.repeat(28)}\n\n`.repeat(1000);
  const build = await buildFrom({ 'content/insights/long.md': article({ title: longTitle }), 'content/insights/big.md': article({ title: 'Big' }, bigBody) });
  assertContains(pageAt(build, '/insights/big'), ['<span>980 min read</span>']);
  assertContains(pageAt(build, `/insights/${'word-'.repeat(37)}ends`), [`<h1>${longTitle}</h1>`]);
});

test('an article over 1 MB and a title too long for an address are errors, named at their files', async () => {
  const diagnostics = await contentErrors({
    'content/insights/long.md': article({ title: `${'Word '.repeat(59)}Ends!` }),
    'content/insights/huge.md': article({ title: 'Huge' }, 'Lots of words here in a paragraph.\n\n'.repeat(30_000)),
  });
  assert.deepEqual(diagnostics.map((d) => [d.file.split('/').pop(), d.line, d.ruleId]), [
    ['huge.md', undefined, 'article-too-large'],
    ['long.md', 2, 'slug-too-long'],
  ]);
});

test('each handout link says it is a PDF, with its size and pages; an untitled PDF is a warning, a broken one an error', async () => {
  const build = await buildFrom({ 'assets/pdfs/low-back-pain.pdf': await samplePdf('Low Back Pain', 3), 'assets/pdfs/rotator-cuff-tears.pdf': await samplePdf('') });
  assert.match(pageAt(build, '/education'), /Download PDF<span class="sr-only">: Low Back Pain,<\/span> <span class="topic__size">\(\d+ B, 3 pages\)<\/span>/);
  assert.match(pageAt(build, '/education'), /: Rotator Cuff Tears,<\/span> <span class="topic__size">\(\d+ B, 1 page\)<\/span>/);
  assert.deepEqual(build.warnings.map((w) => [w.ruleId, w.file.split('/').pop()]), [['pdf-without-title', 'rotator-cuff-tears.pdf']]);
  const diagnostics = await contentErrors({ 'assets/pdfs/low-back-pain.pdf': 'this is not a PDF' });
  assert.deepEqual(diagnostics.map((d) => [d.ruleId, d.file.split('/').pop()]), [['invalid-pdf', 'low-back-pain.pdf']]);
});

test('facts read from a PDF are kept by its content: a replaced handout is read again', async () => {
  const one = await buildFrom({ 'assets/pdfs/low-back-pain.pdf': await samplePdf('Low Back Pain', 1) });
  assert.match(pageAt(one, '/education'), /: Low Back Pain,<\/span> <span class="topic__size">\(\d+ B, 1 page\)/);
  const three = await buildFrom({ 'assets/pdfs/low-back-pain.pdf': await samplePdf('Low Back Pain', 3) });
  assert.match(pageAt(three, '/education'), /: Low Back Pain,<\/span> <span class="topic__size">\(\d+ B, 3 pages\)/);
});
