/**
 * `npm run sample-handouts`: run as a maintainer runs it, into a temporary
 * folder, in English and in Spanish; and the layout of a handout too long for
 * one page.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { getDocumentProxy, getMeta } from 'unpdf';
import { makeSampleHandout } from '../../../build/cli/sample-handouts/handout.ts';
import { ENGLISH, SPANISH, type HandoutLanguage } from '../../../build/cli/sample-handouts/languages.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { MINIMAL_PDF, PROJECT_ROOT, SAMPLE_ASSETS, SAMPLE_CONTENT } from '../../helpers/sites.ts';

const SHIPPED = path.join(SAMPLE_ASSETS, 'pdfs');

/** `npm run sample-handouts -- …` in the project's folder, on the sample's topics unless the arguments name other. */
function run(...args: string[]) {
  const topics = args.includes('--content') ? [] : ['--content', SAMPLE_CONTENT];
  return spawnSync(process.execPath, ['--import', 'tsx', 'build/cli/sample-handouts.ts', ...topics, ...args], { cwd: PROJECT_ROOT, encoding: 'utf8' });
}

test('it writes one PDF per topic in English and one in Spanish beside it, the same bytes as the shipped ones, and nothing on a second run', async () => {
  const folder = await temporaryFolder('sample-handouts');
  const first = run('--out', folder);
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stdout, /^50 sample handouts written, 0 already up to date/);
  assert.deepEqual(readdirSync(folder).sort(), readdirSync(SHIPPED).sort());
  assert.equal(readdirSync(folder).filter((file) => file.endsWith('.es.pdf')).length, 25);
  for (const file of readdirSync(folder)) assert.ok(readFileSync(path.join(folder, file)).equals(readFileSync(path.join(SHIPPED, file))), file);
  const second = run('--out', folder);
  assert.match(second.stdout, /^0 sample handouts written, 50 already up to date/);
});

test("it never replaces the physician's own handout, English or Spanish, and --check fails on a missing or out-of-date sample in either, telling which", async () => {
  const folder = await temporaryFolder('sample-handouts');
  for (const file of readdirSync(SHIPPED)) copyFileSync(path.join(SHIPPED, file), path.join(folder, file));
  writeFileSync(path.join(folder, 'sciatica.pdf'), MINIMAL_PDF);
  writeFileSync(path.join(folder, 'sciatica.es.pdf'), MINIMAL_PDF);
  // Samples of other words: an earlier version of the handout.
  copyFileSync(path.join(SHIPPED, 'osteoporosis.pdf'), path.join(folder, 'arthritis.pdf'));
  copyFileSync(path.join(SHIPPED, 'osteoporosis.es.pdf'), path.join(folder, 'arthritis.es.pdf'));
  rmSync(path.join(folder, 'tennis-elbow.pdf'));
  rmSync(path.join(folder, 'tennis-elbow.es.pdf'));
  const check = run('--out', folder, '--check');
  assert.equal(check.status, 1);
  assert.match(check.stderr, /^Missing: \S*tennis-elbow\.pdf, \S*tennis-elbow\.es\.pdf\. Out of date: \S*arthritis\.pdf, \S*arthritis\.es\.pdf\. Run npm run sample-handouts to remake them\.\n$/);
  assert.doesNotMatch(check.stderr, /sciatica/);
  const write = run('--out', folder);
  assert.equal(write.status, 0, write.stderr);
  assert.match(write.stdout, /Kept your own handouts: \S*sciatica\.pdf, \S*sciatica\.es\.pdf\.\n4 sample handouts written/);
  for (const own of ['sciatica.pdf', 'sciatica.es.pdf']) assert.ok(readFileSync(path.join(folder, own)).equals(Buffer.from(MINIMAL_PDF)), `${own}, the own handout, is untouched`);
  for (const remade of ['arthritis.pdf', 'arthritis.es.pdf', 'tennis-elbow.es.pdf']) assert.ok(readFileSync(path.join(folder, remade)).equals(readFileSync(path.join(SHIPPED, remade))), `${remade} is made again`);
  assert.equal(run('--out', folder, '--check').status, 0);
});

test("beside the physician's own English handout it adds no Spanish sample, but keeps one there up to date", async () => {
  const folder = await temporaryFolder('sample-handouts');
  for (const file of readdirSync(SHIPPED)) copyFileSync(path.join(SHIPPED, file), path.join(folder, file));
  for (const own of ['sciatica.pdf', 'arthritis.pdf']) writeFileSync(path.join(folder, own), MINIMAL_PDF);
  rmSync(path.join(folder, 'sciatica.es.pdf'));
  copyFileSync(path.join(SHIPPED, 'osteoporosis.es.pdf'), path.join(folder, 'arthritis.es.pdf'));
  const write = run('--out', folder);
  assert.equal(write.status, 0, write.stderr);
  assert.match(write.stdout, /\n1 sample handout written, 46 already up to date/);
  assert.ok(!readdirSync(folder).includes('sciatica.es.pdf'), 'the topic of the own handout goes without a Spanish sample');
  assert.ok(readFileSync(path.join(folder, 'arthritis.es.pdf')).equals(readFileSync(path.join(SHIPPED, 'arthritis.es.pdf'))));
});

test('a Spanish sample written beside an English sample is recorded as translating it as it is now, and nothing else of the topics file changes', async () => {
  const [folder, content] = [await temporaryFolder('sample-handouts'), await temporaryFolder('sample-content')];
  for (const file of readdirSync(SHIPPED)) copyFileSync(path.join(SHIPPED, file), path.join(folder, file));
  copyFileSync(path.join(SHIPPED, 'osteoporosis.es.pdf'), path.join(folder, 'arthritis.es.pdf'));
  rmSync(path.join(folder, 'tennis-elbow.pdf'));
  rmSync(path.join(folder, 'tennis-elbow.es.pdf'));
  const shipped = readFileSync(path.join(SAMPLE_CONTENT, 'education-topics.yaml'), 'utf8');
  const version = (file: string) => createHash('sha256').update(readFileSync(path.join(SHIPPED, file))).digest('hex').slice(0, 8);
  const recordOf = (file: string) => `    translatedFrom: ${version(file)}\n`;
  assert.ok(shipped.includes(recordOf('arthritis.pdf')) && shipped.includes(recordOf('tennis-elbow.pdf')), 'the shipped topics record the shipped English samples');
  const topics = shipped.replace(recordOf('arthritis.pdf'), '').replace(recordOf('tennis-elbow.pdf'), '    translatedFrom: "00000000"\n');
  writeFileSync(path.join(content, 'education-topics.yaml'), topics);
  const write = run('--content', content, '--out', folder);
  assert.equal(write.status, 0, write.stderr);
  assert.match(write.stdout, /3 sample handouts written, 47 already up to date, in .*\. \S*education-topics\.yaml records that 2 translated samples translate the English sample as it is now\.\n$/);
  assert.equal(readFileSync(path.join(content, 'education-topics.yaml'), 'utf8'), shipped, 'the two records written again, where they were or at the end of the es: group');
  const again = run('--content', content, '--out', folder);
  assert.match(again.stdout, /^0 sample handouts written, 50 already up to date, in [^.]*\.\n$/, 'no record written when none changes');
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
  const lacking = `build/cli/sample-handouts/handouts.yaml has no words for gout; ${path.relative(process.cwd(), path.join(folder, 'education-topics.yaml'))} has no words for gout`;
  assert.ok(failed.stderr.startsWith(`error ${lacking}: add them there, or put your own handout in `), failed.stderr);
  assert.deepEqual(readdirSync(out), [], 'nothing written');
  writeFileSync(path.join(out, 'gout.pdf'), MINIMAL_PDF);
  const kept = run('--content', folder, '--out', out);
  assert.equal(kept.status, 0, kept.stderr);
  assert.match(kept.stdout, /Kept your own handout: .*gout\.pdf\.\n50 sample handouts written/);
  assert.ok(!readdirSync(out).includes('gout.es.pdf'));
});

/** A handout of six sections of the same paragraph, in one language: longer than a page. */
function longHandout(language: HandoutLanguage, paragraph: string) {
  const text = `${paragraph} `.repeat(8);
  const sections = Array.from({ length: 6 }, (_, index) => ({ heading: `${index + 1}`, text }));
  return { title: 'A Long Handout', kicker: 'Test', file: 'a-long-handout', topic: 'a-long-handout', translation: false, system: 'Test', subgroup: '', sections, words: language.words, lacking: undefined };
}

for (const [language, paragraph] of [
  [ENGLISH, 'Keep moving with gentle walking, use heat or ice, and avoid long periods of sitting.'],
  [SPANISH, 'Siga moviéndose con caminatas suaves, use calor o hielo y no pase mucho tiempo sentado.'],
] as const) {
  test(`a handout in ${language.words.language} longer than a page flows onto more pages, each numbered and carrying the disclaimer in its language, with nothing smaller than 12 pt`, async () => {
    const document = await getDocumentProxy(await makeSampleHandout(longHandout(language, paragraph)));
    assert.ok(document.numPages >= 2, `${document.numPages} pages`);
    for (let number = 1; number <= document.numPages; number++) {
      const items = (await (await document.getPage(number)).getTextContent()).items.flatMap((item) => ('str' in item && item.str.trim() !== '' ? [item] : []));
      const texts = items.map((item) => item.str);
      assert.ok(texts.includes(language.words.pageOf(number, document.numPages)), texts.join(' / '));
      if (number > 1) assert.ok(texts.includes(language.words.continued('A Long Handout').toUpperCase()), texts.join(' / '));
      assert.ok(texts.some((line) => language.words.disclaimer.startsWith(line)), `page ${number} carries the disclaimer`);
      for (const item of items) assert.ok(Math.hypot(item.transform[2] as number, item.transform[3] as number) >= 12, item.str);
    }
  });
}

test('the Spanish samples: es-US and the Spanish title in their document properties, every fixed word in Spanish, nothing smaller than 12 pt', async () => {
  const titles = { 'knee-osteoarthritis.es.pdf': 'Artrosis de rodilla', 'spine-conditioning-program.es.pdf': 'Programa de ejercicios para la columna' };
  for (const [file, title] of Object.entries(titles)) {
    const document = await getDocumentProxy(new Uint8Array(readFileSync(path.join(SHIPPED, file))));
    const info = (await getMeta(document)).info as Record<string, unknown>;
    assert.deepEqual([info.Language, info.Title, info.Subject, info.Author], ['es-US', title, `Folleto de muestra de educación para pacientes: ${title}`, 'Dr. Alex Sample (folleto de muestra)'], file);
    const items = (await (await document.getPage(1)).getTextContent()).items.flatMap((item) => ('str' in item && item.str.trim() !== '' ? [item] : []));
    const text = items.map((item) => item.str).join('\n');
    for (const words of ['EDUCACIÓN PARA PACIENTES | SISTEMA', 'Folleto de muestra — reemplace este archivo por el suyo', 'Solo información educativa, no consejo médico.', 'El nombre Dr. Alex Sample es ficticio.']) assert.ok(text.includes(words), `${file}: ${words}`);
    assert.doesNotMatch(text, /Sample handout|Educational information|PATIENT EDUCATION|placeholder/, file);
    for (const item of items) assert.ok(Math.hypot(item.transform[2] as number, item.transform[3] as number) >= 12, `${file}: ${item.str}`);
  }
});
