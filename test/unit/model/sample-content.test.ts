/**
 * What the build records of the sample for the deploy (`sampleContent`), and
 * warns of once the identity is the practice's own: every file of assets/ is
 * published, so a sample picture left there counts even when site.md no
 * longer shows it, and a sample handout counts in whichever language it is.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { makeSampleHandout, readSampleHandouts } from '../../../build/cli/sample-handouts/handout.ts';
import { buildFrom, SAMPLE_CONTENT, SITE_MD } from '../../helpers/sites.ts';

const OWN = SITE_MD.replace('https://test.example', 'https://www.drperson.com').replace('555-0123', '555-2368');

test('a sample picture left in assets/ that site.md no longer shows is still recorded and warned of, since it is still published', async () => {
  const built = await buildFrom({ 'content/site.md': OWN.replace('photo: "/images/physician.svg"', 'photo: "/images/logo.svg"') });
  const recorded = built.plan.facts.sampleContent.map(({ kind, what, files }) => [kind, what, files.map((file) => path.basename(file))]);
  assert.deepEqual(recorded, [
    ['picture', 'the sample portrait', ['physician.svg']],
    ['picture', 'the sample sharing image', ['social-default.png']],
  ]);
  const warned = built.warnings.filter((warning) => warning.ruleId === 'sample-left').map((warning) => [path.basename(warning.file), warning.hint]);
  assert.deepEqual(warned[0], ['physician.svg', "This picture is the sample's: put the practice's own in its place, or point 'photo' in site.md at another and delete this one: every file of assets/ is published."]);
  assert.equal(warned.length, 2);
});

test('a Spanish sample handout is sample content too, known by its Spanish Subject: recorded for the deploy and warned of', async () => {
  const spanish = (await readSampleHandouts(SAMPLE_CONTENT)).find((handout) => handout.file === 'low-back-pain.es') ?? assert.fail('no Spanish sample for low-back-pain');
  const built = await buildFrom({ 'content/site.md': OWN, 'assets/pdfs/low-back-pain.es.pdf': await makeSampleHandout(spanish) });
  const recorded = built.plan.facts.sampleContent.filter(({ kind }) => kind === 'handout').map(({ what, files }) => [what, files.map((file) => path.basename(file))]);
  assert.deepEqual(recorded, [['sample handout', ['low-back-pain.es.pdf']]]);
  const warned = built.warnings.filter((warning) => warning.ruleId === 'sample-left' && warning.file.endsWith('.es.pdf')).map((warning) => warning.message);
  assert.deepEqual(warned, [`'Subject' still says "Folleto de muestra de educación para pacientes: Dolor lumbar", from the sample site, though the identity is now the practice's own.`]);
});
