/**
 * `npm run sample-handouts`: run as a maintainer runs it, into a temporary
 * folder; and the layout of a handout too long for one page.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { getDocumentProxy } from 'unpdf';
import { makeSampleHandout } from '../../../build/cli/sample-handouts/handout.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { MINIMAL_PDF, PROJECT_ROOT, SAMPLE_ASSETS, SAMPLE_CONTENT } from '../../helpers/sites.ts';

const SHIPPED = path.join(SAMPLE_ASSETS, 'pdfs');

/** `npm run sample-handouts -- …` in the project's folder, on the sample's topics unless the arguments name other. */
function run(...args: string[]) {
  const topics = args.includes('--content') ? [] : ['--content', SAMPLE_CONTENT];
  return spawnSync(process.execPath, ['--import', 'tsx', 'build/cli/sample-handouts.ts', ...topics, ...args], { cwd: PROJECT_ROOT, encoding: 'utf8' });
}

test('it writes one PDF per topic, the same bytes as the shipped ones, and nothing on a second run', async () => {
  const folder = await temporaryFolder('sample-handouts');
  const first = run('--out', folder);
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stdout, /^25 sample handouts written, 0 already up to date/);
  assert.deepEqual(readdirSync(folder).sort(), readdirSync(SHIPPED).sort());
  for (const file of readdirSync(folder)) assert.ok(readFileSync(path.join(folder, file)).equals(readFileSync(path.join(SHIPPED, file))), file);
  const second = run('--out', folder);
  assert.match(second.stdout, /^0 sample handouts written, 25 already up to date/);
});

test("it never replaces the physician's own handout, and --check fails on a missing or out-of-date sample, telling which", async () => {
  const folder = await temporaryFolder('sample-handouts');
  for (const file of readdirSync(SHIPPED)) copyFileSync(path.join(SHIPPED, file), path.join(folder, file));
  writeFileSync(path.join(folder, 'sciatica.pdf'), MINIMAL_PDF);
  // A sample of other words: an earlier version of the handout.
  copyFileSync(path.join(SHIPPED, 'osteoporosis.pdf'), path.join(folder, 'arthritis.pdf'));
  rmSync(path.join(folder, 'tennis-elbow.pdf'));
  const check = run('--out', folder, '--check');
  assert.equal(check.status, 1);
  assert.match(check.stderr, /^Missing: \S*tennis-elbow\.pdf\. Out of date: \S*arthritis\.pdf\. Run npm run sample-handouts to remake them\.\n$/);
  assert.doesNotMatch(check.stderr, /sciatica/);
  const write = run('--out', folder);
  assert.equal(write.status, 0, write.stderr);
  assert.match(write.stdout, /Kept your own handout: .*sciatica\.pdf/);
  assert.ok(readFileSync(path.join(folder, 'sciatica.pdf')).equals(Buffer.from(MINIMAL_PDF)), 'the own handout is untouched');
  assert.ok(readFileSync(path.join(folder, 'arthritis.pdf')).equals(readFileSync(path.join(SHIPPED, 'arthritis.pdf'))), 'the out-of-date sample is made again');
  assert.equal(run('--out', folder, '--check').status, 0);
});

test('the shipped samples are up to date, and a missing folder is a one-line usage error', () => {
  const check = run('--check', '--out', SHIPPED);
  assert.equal(check.status, 0, check.stderr);
  const missing = run('--out', path.join(tmpdir(), 'no-such-folder-for-handouts'));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /^error The folder .* does not exist; check the path or pass --out DIR\.\n$/);
});

test("a topic with no words is an error naming it, unless the physician's own handout is there", async () => {
  const folder = await temporaryFolder('sample-handouts');
  const topics = `${readFileSync(path.join(SAMPLE_CONTENT, 'education-topics.yaml'), 'utf8')}- title: Gout\n  system: Musculoskeletal\n  subgroup: General\n  pdf: gout\n`;
  writeFileSync(path.join(folder, 'education-topics.yaml'), topics);
  const out = path.join(folder, 'pdfs');
  mkdirSync(out);
  const failed = run('--content', folder, '--out', out);
  assert.equal(failed.status, 1);
  assert.match(failed.stderr, /^error build\/cli\/sample-handouts\/handouts\.yaml has no words for gout: add them there, or put your own handout in /);
  assert.deepEqual(readdirSync(out), [], 'nothing written');
  writeFileSync(path.join(out, 'gout.pdf'), MINIMAL_PDF);
  const kept = run('--content', folder, '--out', out);
  assert.equal(kept.status, 0, kept.stderr);
  assert.match(kept.stdout, /Kept your own handout: .*gout\.pdf\.\n25 sample handouts written/);
});

test('a handout longer than a page flows onto more pages, each numbered, with nothing smaller than 12 pt', async () => {
  const text = 'Keep moving with gentle walking, use heat or ice, and avoid long periods of sitting. '.repeat(8);
  const bytes = await makeSampleHandout({
    title: 'A Long Handout',
    kicker: 'Patient education | Test',
    file: 'a-long-handout',
    system: 'Test',
    subgroup: '',
    sections: Array.from({ length: 6 }, (_, index) => ({ heading: `Part ${index + 1}`, text })),
  });
  const document = await getDocumentProxy(bytes);
  assert.ok(document.numPages >= 2, `${document.numPages} pages`);
  for (let number = 1; number <= document.numPages; number++) {
    const items = (await (await document.getPage(number)).getTextContent()).items.flatMap((item) => ('str' in item && item.str.trim() !== '' ? [item] : []));
    const texts = items.map((item) => item.str);
    assert.ok(texts.includes(`Page ${number} of ${document.numPages}`), texts.join(' / '));
    assert.ok(texts.some((line) => line.startsWith('Educational information only')), `page ${number} carries the disclaimer`);
    for (const item of items) assert.ok(Math.hypot(item.transform[2] as number, item.transform[3] as number) >= 12, item.str);
  }
});
