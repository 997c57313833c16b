/**
 * The folders every command is given, checked before any work starts: here
 * the articles' folder inside the content. The other folder checks are in
 * build-usage.test.ts, and those that follow links in linked-folders.test.ts.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { run, runReport } from '../../helpers/command.ts';
import { makeSite, SAMPLE_SITE } from '../../helpers/sites.ts';

test("a file where the content's articles' folder belongs is one line and exit code 2 from the build and the report, not a failure half-way", async () => {
  const site = await makeSite();
  const insights = path.join(site.contentDir, 'insights');
  const out = path.join(site.root, 'out');
  try {
    await rm(insights, { recursive: true, force: true });
    await writeFile(insights, 'not a folder');
    const expected = `error The articles' folder ${insights} is a file, not a folder; make it a folder, or pass --insights DIR.\n`;
    const built = run('--content', site.contentDir, '--assets', site.assetsDir, '--out', out);
    assert.deepEqual([built.code, built.stderr], [2, expected]);
    assert.ok(!existsSync(out), 'nothing built');
    const reported = runReport('--content', site.contentDir, '--assets', site.assetsDir);
    assert.deepEqual([reported.status, reported.stderr], [2, expected]);
  } finally {
    await site.cleanup();
  }
});

test('an --out inside the articles\' folder given apart from the content (--insights) is refused before anything is made', async () => {
  const site = await makeSite();
  const insights = path.join(site.root, 'articles');
  const out = path.join(insights, 'out');
  try {
    await rename(path.join(site.contentDir, 'insights'), insights);
    const built = run('--content', site.contentDir, '--insights', insights, '--assets', site.assetsDir, '--out', out);
    assert.deepEqual([built.code, built.stderr], [2, `error The output folder ${out} overlaps ${path.relative(SAMPLE_SITE, insights)}; choose a separate folder such as out/.\n`]);
    assert.ok(!existsSync(out), 'nothing built');
  } finally {
    await site.cleanup();
  }
});
