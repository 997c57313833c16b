/**
 * A large site builds the same bytes however its work is scheduled: with one
 * I/O thread and with eight, whatever order its cards, images and pages
 * finish in. Two builds of the sample site are in determinism.test.ts.
 */
import assert from 'node:assert/strict';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { runWith } from '../helpers/command.ts';
import { assertSameFiles, filesOf, temporaryFolder } from '../helpers/folders.ts';
import { article, SAMPLE_ASSETS, SAMPLE_CONTENT } from '../helpers/sites.ts';

const dir = await temporaryFolder('determinism-large');

/** The sample content and assets with `count` more articles, each with its own title (so its own card), some showing an image. */
async function largeSite(count: number): Promise<string[]> {
  const root = path.join(dir, 'large');
  await cp(SAMPLE_CONTENT, path.join(root, 'content'), { recursive: true });
  await cp(SAMPLE_ASSETS, path.join(root, 'assets'), { recursive: true });
  await Promise.all(
    Array.from({ length: count }, (_, index) => {
      const day = String((index % 28) + 1).padStart(2, '0');
      const image = index % 10 === 0 ? '\n\n![A sample illustration](/images/social-default.png)' : '';
      const body = `Note ${index} on staying well at home.${image}\n\n## What helps\n\n- Walk for ${index % 40} minutes\n- Drink water\n\nSee [the education page](/education).`;
      return writeFile(path.join(root, 'content/insights', `note-${index}.md`), article({ title: `Health Note ${index} on Staying Well at Home`, date: `2024-${String((index % 12) + 1).padStart(2, '0')}-${day}` }, body));
    }),
  );
  return ['--content', path.join(root, 'content'), '--assets', path.join(root, 'assets')];
}

test('a site of 320 more articles builds the same bytes with one I/O thread and with eight, whatever order the work finishes in', async () => {
  const site = await largeSite(320);
  const [first, second] = [path.join(dir, 'large-first'), path.join(dir, 'large-second')];
  // Each with a cache of its own: every card and image is drawn and encoded afresh.
  for (const [out, threads] of [
    [first, '1'],
    [second, '8'],
  ] as const) {
    const result = runWith({ SOURCE_DATE_EPOCH: '1767225600', UV_THREADPOOL_SIZE: threads }, ...site, '--out', out, '--cache', `${out}-cache`);
    assert.equal(result.code, 0, result.stderr);
  }
  await assertSameFiles(second, first, 'built with eight I/O threads and with one');
  const files = [...(await filesOf(first)).keys()];
  assert.ok(files.filter((file) => file.startsWith('og/')).length > 320, 'a card for every article');
  assert.ok(files.some((file) => file.endsWith('.avif')), 'images encoded');
});
