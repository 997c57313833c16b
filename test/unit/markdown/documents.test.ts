/**
 * The markdown stage over a build's bodies (processBodies): a large site's
 * bodies go to a pool of worker threads, a small site's are processed on
 * the build's thread, and either way each body's HTML, text and facts are
 * what processMarkdown makes of it alone.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MARKDOWN_POOL } from '../../../build/config.ts';
import { processBodies, type MarkdownJob } from '../../../build/markdown/index.ts';
import { processMarkdown } from '../../../build/markdown/process.ts';
import { Memory } from '../../../build/memory.ts';
import { CacheStore, entryKey } from '../../../build/store/index.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { markdownWords } from '../../../templates/messages/index.ts';

const freshStore = async () => new CacheStore(await temporaryFolder('documents-test'));

const SETTINGS = { words: markdownWords(), figures: new Map([['capA', '$2,100']]), imageSizes: new Map([['/images/knee.png', { width: 1000, height: 750 }]]) };

function jobs(count: number): MarkdownJob[] {
  return Array.from({ length: count }, (_, index) => {
    const body = `## Part ${index}\n\nText with a [relative link](other-${index}) and {{capA}}.\n\n![Knee](/images/knee.png)\n\n| a | b |\n|:-|-:|\n| ${index} | x |\n\nAnd {{unknown${index % 3}}}.`;
    return { file: `content/insights/article-${index}.md`, bodyStartLine: 5, body, bodyDigest: entryKey(body), pageUrl: `/insights/article-${index}` };
  });
}

/** Each body's HTML, text blocks and facts as the stage hands them out, with what it found wrong. */
async function viaStage(list: readonly MarkdownJob[], store: CacheStore) {
  const documents = processBodies(list, SETTINGS, { store, memory: new Memory(), generator: 'test' });
  const found = await documents.finished;
  const each = await Promise.all(
    list.map(async (job) => {
      const { figuresUsed, unknownFigures, wordCount, links, shownLinks, parity } = await documents.facts(job.file);
      return { html: await documents.html(job.file), figuresUsed, unknownFigures, wordCount, textBlocks: await documents.textBlocks(job.file), links, shownLinks, parity };
    }),
  );
  return { each, found: found.map((diagnostic) => [diagnostic.ruleId, diagnostic.file, diagnostic.line]) };
}

const alone = (list: readonly MarkdownJob[]) => list.map((job) => processMarkdown(job.body, job.pageUrl, SETTINGS));

for (const [what, count] of [
  ['a few bodies, on the build thread,', 3],
  ['many bodies, on worker threads,', MARKDOWN_POOL.minJobs + 5],
] as const) {
  // The unknown figure is on the body's 11th line, which starts on the file's 5th.
  test(`${what} come out as each body processed alone, with every unknown figure at its line`, async () => {
    const list = jobs(count);
    const { each, found } = await viaStage(list, await freshStore());
    assert.deepEqual(each, alone(list));
    assert.deepEqual(
      found.slice(0, 3),
      [
        ['unknown-figure', 'content/insights/article-0.md', 15],
        ['unknown-figure', 'content/insights/article-1.md', 15],
        ['unknown-figure', 'content/insights/article-2.md', 15],
      ].slice(0, count),
    );
    assert.equal(found.length, count);
  });
}

test('a second build with the same cache hands out the same documents', async () => {
  const store = await freshStore();
  const list = jobs(4);
  const first = await viaStage(list, store);
  assert.deepEqual(await viaStage(list, store), first);
});

test('a link whose address the page cannot carry is a warning at its line, on a first build and on one from the cache; safe links and an empty one are not', async () => {
  const body = 'Call [1-800-MEDICARE](tel:1-800-MEDICARE) or [1-800-633-4227](tel:+18006334227).\n\n[Click](javascript:alert(1)), [mail](mailto:office@example.com), [web](https://www.medicare.gov/), [here]().\n\n[ref]: vbscript:msgbox';
  const list = [{ file: 'content/insights/calls.md', bodyStartLine: 6, body, bodyDigest: entryKey(body), pageUrl: '/insights/calls' }];
  const store = await freshStore();
  for (const build of ['first', 'from the cache']) {
    const found = await processBodies(list, SETTINGS, { store, memory: new Memory(), generator: 'test' }).finished;
    assert.deepEqual(
      found.map(({ ruleId, severity, line, message }) => [ruleId, severity, line, /"(.*)"/.exec(message)?.[1]]),
      [
        ['unsafe-link', 'warning', 6, 'tel:1-800-MEDICARE'],
        ['unsafe-link', 'warning', 8, 'javascript:alert(1)'],
        ['unsafe-link', 'warning', 10, 'vbscript:msgbox'],
      ],
      build,
    );
  }
});
