/**
 * The benchmark's parse floor (test/bench/parse-floor.ts) parses what the
 * build parses, on the threads it is asked for, and answers mistakes in one
 * line: its figures are only worth comparing if that holds.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { isArticleFile } from '../../../build/lib/article-file.ts';
import { parseMarkdown } from '../../../build/markdown/process.ts';
import { parseFrontMatter } from '../../../build/parse/front-matter.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { PROJECT_ROOT, SAMPLE_CONTENT } from '../../helpers/sites.ts';

const run = promisify(execFile);
const FLOOR = path.join(PROJECT_ROOT, 'test/bench/parse-floor.ts');
/** The site's own articles, a folder of bare markdown articles as the benchmark's corpus is. */
const corpus = path.join(SAMPLE_CONTENT, 'insights');
const articles = readdirSync(corpus).filter(isArticleFile);
const work = await temporaryFolder('parse-floor');

/** Nodes of the build's own parse of every body, counted another way than the floor counts them: each node is the one object with a type. */
function nodesOfCorpus(): number {
  let nodes = 0;
  for (const name of articles) {
    const result = parseFrontMatter({ path: name, text: readFileSync(path.join(corpus, name), 'utf8'), digest: '' });
    assert.ok('parsed' in result, name);
    nodes += JSON.stringify(parseMarkdown(result.parsed.body)).match(/"type":/g)?.length ?? 0;
  }
  return nodes;
}

test('the parse floor parses every body of a corpus as the build does, on as many threads as asked', async () => {
  const expected = nodesOfCorpus();
  for (const threads of ['1', '2']) {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', FLOOR, '--threads', threads, corpus, path.join(work, `out-${threads}`)], { cwd: PROJECT_ROOT });
    const report = /^parse floor: (\d+) bodies \((\d+) syntax-tree nodes\) on (\d+) threads? in [\d.]+ s; a body took ([\d.]+ ms(?:, )?)+ on each thread$/m.exec(stdout);
    assert.ok(report, stdout);
    assert.deepEqual(report.slice(1, 4).map(Number), [articles.length, expected, Number(threads)]);
  }
});

test('the parse floor answers a folder that is not there with one line, not a stack trace', async () => {
  await assert.rejects(run(process.execPath, ['--import', 'tsx', FLOOR, path.join(work, 'missing'), path.join(work, 'out')], { cwd: PROJECT_ROOT }), (error: { code: number; stderr: string }) => {
    assert.equal(error.code, 2);
    assert.match(error.stderr.trim(), /^parse-floor: .*missing is not a folder of articles; make one with node \.\.\/shared\/bench\/make-corpus\.mjs/);
    assert.equal(error.stderr.trim().split('\n').length, 1);
    return true;
  });
});

test('the parse floor answers an unknown flag or a thread count that is not a positive whole number with its usage line', async () => {
  for (const args of [['--bogus', corpus, path.join(work, 'out')], ['--threads', '0', corpus, path.join(work, 'out')], ['--threads', '1.5', corpus, path.join(work, 'out')]]) {
    await assert.rejects(run(process.execPath, ['--import', 'tsx', FLOOR, ...args], { cwd: PROJECT_ROOT }), (error: { code: number; stderr: string }) => {
      assert.equal(error.code, 2);
      assert.equal(error.stderr.trim(), 'usage: node --import tsx test/bench/parse-floor.ts [--threads N] CORPUS OUT');
      return true;
    });
  }
});
