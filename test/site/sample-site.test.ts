/**
 * The tests build the sample site from their own copy (`test/fixtures/sample-site/`), so that a
 * physician who makes `content/` and `assets/` their own changes no test. While `content/` is the
 * sample, the copy must be the same, file for file, or the tests would check a sample nobody ships.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { digestOf } from '../../build/load/index.ts';
import { SAMPLE_PICTURES } from '../../build/model/sample.ts';
import { filesOf, temporaryFolder } from '../helpers/folders.ts';
import { PROJECT_ROOT, SAMPLE_ASSETS, SAMPLE_CONTENT } from '../helpers/sites.ts';

/** What differs between a folder of the project and the tests' copy of it, one line a file; the editor's guide, its pictures and the schemas are not the sample's content. */
async function differences(project: string, copy: string): Promise<string[]> {
  const compared = (name: string) => name !== 'README.md' && !name.startsWith('schemas/') && !name.startsWith('images-of-the-editor/');
  const [shipped, tested] = await Promise.all([filesOf(project), filesOf(copy)]);
  const where = path.relative(PROJECT_ROOT, project);
  return [...new Set([...shipped.keys(), ...tested.keys()])].filter(compared).sort().flatMap((name) => {
    const [ours, theirs] = [shipped.get(name), tested.get(name)];
    if (ours === undefined) return [`${where}/${name} is missing (the tests' copy has it)`];
    if (theirs === undefined) return [`${where}/${name} is not in the tests' copy`];
    return ours.equals(theirs) ? [] : [`${where}/${name} differs from the tests' copy`];
  });
}

const siteFile = (content: string) => readFileSync(path.join(content, 'site.md'));
/** content/site.md as shipped: the practice has not made the site its own. `.ci/run` sets REQUIRE_SAMPLE_SITE=1, so that the generator's CI holds the copy equal whatever site.md says. */
const stillTheSample = siteFile(path.join(PROJECT_ROOT, 'content')).equals(siteFile(SAMPLE_CONTENT)) || process.env.REQUIRE_SAMPLE_SITE === '1';

test('while content/ is the sample, test/fixtures/sample-site/ holds the same content/ and assets/, file for file', { skip: stillTheSample ? false : 'content/site.md is the practice’s own: the tests build the sample from their copy' }, async () => {
  const found = [...(await differences(path.join(PROJECT_ROOT, 'content'), SAMPLE_CONTENT)), ...(await differences(path.join(PROJECT_ROOT, 'assets'), SAMPLE_ASSETS))];
  const hint = 'If the site is now the practice’s own, make content/site.md yours first (README "The sample identity"). If you changed the sample on purpose, make the same change in test/fixtures/sample-site/.';
  assert.deepEqual(found, [], hint);
});

test('the comparison finds a file changed, added or removed, and passes over the guide', async () => {
  const root = await temporaryFolder('sample-site');
  const [project, copy] = [path.join(root, 'project'), path.join(root, 'copy')];
  for (const folder of [project, copy]) {
    await mkdir(path.join(folder, 'insights'), { recursive: true });
    await writeFile(path.join(folder, 'insights/a.md'), 'the same words');
  }
  await writeFile(path.join(project, 'README.md'), 'the guide, which the copy does not hold');
  assert.deepEqual(await differences(project, copy), []);
  await writeFile(path.join(copy, 'insights/a.md'), 'other words');
  await writeFile(path.join(project, 'site.md'), 'only in the project');
  await writeFile(path.join(copy, 'insights/b.md'), 'only in the copy');
  const where = path.relative(PROJECT_ROOT, project);
  assert.deepEqual(await differences(project, copy), [`${where}/insights/a.md differs from the tests' copy`, `${where}/insights/b.md is missing (the tests' copy has it)`, `${where}/site.md is not in the tests' copy`]);
});

test("the build knows the sample's portrait and sharing image by their bytes as shipped, to warn of them once the site is the practice's own", () => {
  const shipped = new Map([...SAMPLE_PICTURES.values()].map((picture) => [picture.field, picture]));
  for (const [field, file] of [['photo', 'images/physician.svg'], ['socialImage', 'images/social-default.png']] as const) {
    const picture = SAMPLE_PICTURES.get(digestOf(readFileSync(path.join(SAMPLE_ASSETS, file))));
    assert.equal(picture, shipped.get(field), file);
  }
});
