/**
 * What the build records of the sample for the deploy (`sampleContent`), and
 * warns of once the identity is the practice's own: every file of assets/ is
 * published, so a sample picture left there counts even when site.md no
 * longer shows it.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { buildFrom, SITE_MD } from '../../helpers/sites.ts';

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
