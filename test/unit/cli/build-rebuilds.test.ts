/**
 * What makes `npm run build`, run again in a process of its own, build again:
 * with nothing changed it keeps out/ and says the site is up to date, and a
 * change to an article, an asset or an option that changes a file builds it
 * again. What a change to out/ itself does is in build-out.test.ts.
 */
import assert from 'node:assert/strict';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { assertRebuilt, run } from '../../helpers/command.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { article, makeSite, samplePdf } from '../../helpers/sites.ts';

const dir = await temporaryFolder('build-rebuilds');

test('a build with nothing changed keeps out/ and says it is up to date; a change to an input, or an option that changes a file, builds again', async () => {
  const site = await makeSite({ 'content/insights/a.md': article({ title: 'A', sumary: 'typo' }) });
  const out = path.join(dir, 'incremental-out');
  const cache = path.join(dir, 'incremental-cache');
  const build = (...extra: string[]) => run('--content', site.contentDir, '--assets', site.assetsDir, '--out', out, '--cache', cache, ...extra);
  try {
    assertRebuilt(build(), 'the first build');
    const page = path.join(out, 'insights/a/index.html');
    const written = (await stat(page)).mtimeMs;
    const again = build();
    assert.equal(again.code, 0);
    assert.match(again.stdout, /^Up to date: \d+ pages \(1 article, 2 handouts\) in .*incremental-out\/; nothing had changed in \d+\.\d+ s, with 1 warning\.\n$/);
    assert.match(again.stderr, /a\.md:3 warning unknown-field/, 'the warnings are repeated');
    assert.equal((await stat(page)).mtimeMs, written, 'out/ is not rewritten');

    await writeFile(path.join(site.contentDir, 'insights/a.md'), article({ title: 'A', summary: 'Fixed.' }));
    assertRebuilt(build(), 'an edited article');
    assert.match(await readFile(path.join(out, 'index.html'), 'utf8'), /Fixed\./);
    await writeFile(path.join(site.assetsDir, 'pdfs/low-back-pain.pdf'), await samplePdf('A new handout', 2));
    assertRebuilt(build(), 'a replaced asset');
    assertRebuilt(build('--base-url', 'https://elsewhere.example'), 'another address for the canonical links');
    assertRebuilt(build(), 'back to the first options');
    assert.match(build('--drafts').stdout, /^Up to date: .* including drafts/, 'an option that changes no file (a site without drafts) writes nothing');
  } finally {
    await site.cleanup();
  }
});
