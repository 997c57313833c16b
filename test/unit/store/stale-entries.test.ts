/**
 * The cache never serves a stale entry: every change that could alter a
 * file makes the build make it again, from the same cache folder, and a
 * change alters only the files that show what changed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { temporaryFolder } from '../../helpers/folders.ts';
import { article, buildFrom, pageAt, samplePdf, SITE_MD, type SiteBuild, type SiteFiles } from '../../helpers/sites.ts';

const freshCache = () => temporaryFolder('stale-entries');

const FILES: SiteFiles = {
  'content/insights/first.md': article({ title: 'First Article', date: '2025-01-10' }, 'The first body, with a [link](/insights/third-article).'),
  'content/insights/second.md': article({ title: 'Second Article', date: '2025-02-10' }, 'The second body.'),
  'content/insights/third.md': article({ title: 'Third Article', date: '2025-03-10' }, 'The third body.'),
};

/** The files whose bytes differ between two builds, or that only one has. */
function changedFiles(before: SiteBuild, after: SiteBuild): string[] {
  const same = (a: string | Uint8Array | undefined, b: string | Uint8Array | undefined) => a !== undefined && b !== undefined && Buffer.from(a).equals(Buffer.from(b));
  const paths = new Set([...before.files.keys(), ...after.files.keys()]);
  return [...paths].filter((file) => !same(before.files.get(file), after.files.get(file))).sort();
}

test('an edited body changes its page and the feeds that carry it, and nothing else', async () => {
  const cacheDir = await freshCache();
  const before = await buildFrom(FILES, { cacheDir });
  const edited = await buildFrom({ ...FILES, 'content/insights/second.md': article({ title: 'Second Article', date: '2025-02-10' }, 'A rewritten body.') }, { cacheDir });
  assert.match(pageAt(edited, '/insights/second-article'), /<p>A rewritten body\.<\/p>/);
  assert.deepEqual(changedFiles(before, edited), ['atom.xml', 'feed.json', 'feed.xml', 'insights/second-article/index.html']);
});

test("a neighbour's new title reaches the pages that show it, and redraws its own sharing card only", async () => {
  const cacheDir = await freshCache();
  const before = await buildFrom(FILES, { cacheDir });
  const renamed = await buildFrom({ ...FILES, 'content/insights/second.md': article({ title: 'Second Article, Renamed', date: '2025-02-10' }, 'The second body.') }, { cacheDir });
  for (const neighbour of ['/insights/first-article', '/insights/third-article', '/insights', '/']) {
    assert.match(pageAt(renamed, neighbour), /Second Article, Renamed/, `${neighbour} shows the new title`);
  }
  const cards = changedFiles(before, renamed).filter((file) => file.startsWith('og/'));
  assert.deepEqual(cards, ['og/second-article-renamed.png', 'og/second-article.png'], 'one card drawn for the new address, the old one gone');
});

test('a change to the site identity reaches every page and redraws every sharing card', async () => {
  const cacheDir = await freshCache();
  const before = await buildFrom(FILES, { cacheDir });
  const changed = await buildFrom({ ...FILES, 'content/site.md': SITE_MD.replace('specialty: "Family Medicine"', 'specialty: "Internal Medicine"') }, { cacheDir });
  for (const page of changed.pages) assert.match(page.html, /Internal Medicine/, page.file);
  assert.deepEqual(
    changedFiles(before, changed).filter((file) => file.startsWith('og/')),
    ['og/first-article.png', 'og/second-article.png', 'og/third-article.png'],
    'each card shows the specialty',
  );
});

test('new figure values make the bodies that quote them be processed again', async () => {
  const cacheDir = await freshCache();
  const figures = (cap: string) => `partDCap:\n  value: "${cap}"\n  year: 2026\n  about: "The cap"\n  source:\n    title: "Medicare.gov"\n    url: "https://www.medicare.gov/"\n`;
  const withFigure = { ...FILES, 'content/insights/first.md': article({ title: 'First Article', date: '2025-01-10' }, 'The cap is {{partDCap}}.') };
  assert.match(pageAt(await buildFrom({ ...withFigure, 'content/medicare-figures.yaml': figures('$2,100') }, { cacheDir }), '/insights/first-article'), /The cap is \$2,100\./);
  assert.match(pageAt(await buildFrom({ ...withFigure, 'content/medicare-figures.yaml': figures('$2,400') }, { cacheDir }), '/insights/first-article'), /The cap is \$2,400\./);
});

test('new image sizes make the bodies that show the image be processed again', async () => {
  const cacheDir = await freshCache();
  const svg = (width: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="100"></svg>`;
  const withImage = { ...FILES, 'content/insights/first.md': article({ title: 'First Article', date: '2025-01-10' }, '![A chart](/images/chart.svg)') };
  assert.match(pageAt(await buildFrom({ ...withImage, 'assets/images/chart.svg': svg(300) }, { cacheDir }), '/insights/first-article'), /width="300"/);
  assert.match(pageAt(await buildFrom({ ...withImage, 'assets/images/chart.svg': svg(640) }, { cacheDir }), '/insights/first-article'), /width="640"/);
});

test("a replaced handout's page count reaches the education page", async () => {
  const cacheDir = await freshCache();
  const first = await buildFrom({ ...FILES, 'assets/pdfs/low-back-pain.pdf': await samplePdf('Back pain', 1) }, { cacheDir });
  const second = await buildFrom({ ...FILES, 'assets/pdfs/low-back-pain.pdf': await samplePdf('Back pain', 3) }, { cacheDir });
  const pagesOf = (build: SiteBuild) => /href="\/pdfs\/low-back-pain\.pdf"[\s\S]*?, (\d+) pages?\)/.exec(pageAt(build, '/education'))?.[1];
  assert.deepEqual([pagesOf(first), pagesOf(second)], ['1', '3'], 'the facts of the new file are read, not those of the old');
});

test("what the checks learnt of a page comes back from the cache only for the same page: a footnote taken from a link's target breaks the link", async () => {
  const cacheDir = await freshCache();
  const linking = { ...FILES, 'content/insights/first.md': article({ title: 'First Article', date: '2025-01-10' }, 'See [the note](/insights/third-article#user-content-fn-1).') };
  const withSection = await buildFrom({ ...linking, 'content/insights/third.md': article({ title: 'Third Article', date: '2025-03-10' }, 'The third body.[^1]\n\n[^1]: A note.') }, { cacheDir });
  assert.ok(!withSection.warnings.some((warning) => warning.ruleId === 'broken-link'));
  const withoutSection = buildFrom({ ...linking, 'content/insights/third.md': article({ title: 'Third Article', date: '2025-03-10' }, 'The third body.') }, { cacheDir });
  await assert.rejects(withoutSection, (error: Error & { diagnostics?: { ruleId: string; file: string }[] }) => error.diagnostics?.some((found) => found.ruleId === 'broken-link' && found.file.endsWith('first.md')) === true);
  const again = await buildFrom({ ...linking, 'content/insights/third.md': article({ title: 'Third Article', date: '2025-03-10' }, 'The third body.[^1]\n\n[^1]: A note.') }, { cacheDir });
  assert.deepEqual(again.warnings, withSection.warnings);
});

test('what the checks found comes back from the cache only for the same source lines: a broken link is reported at its new line', async () => {
  const cacheDir = await freshCache();
  const broken = article({ title: 'First Article', date: '2025-01-10' }, 'See [the missing page](/insights/no-such-article).');
  const lineOfBrokenLink = async (source: string) => {
    const build = buildFrom({ ...FILES, 'content/insights/first.md': source }, { cacheDir });
    const error = await build.then(
      () => assert.fail('the broken link stops the build'),
      (thrown: Error & { diagnostics?: { ruleId: string; line?: number }[] }) => thrown,
    );
    return error.diagnostics?.find((found) => found.ruleId === 'broken-link')?.line;
  };
  const line = await lineOfBrokenLink(broken);
  assert.equal(await lineOfBrokenLink(broken), line, 'the same build finds the same');
  const lower = broken.replace('---\n', '---\n# A comment that moves the body down a line, and changes no page.\n');
  assert.equal(await lineOfBrokenLink(lower), (line ?? 0) + 1);
});
