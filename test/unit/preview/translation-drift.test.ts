/**
 * The preview tells of a translation behind its original as soon as the
 * original is saved (issue 57): an edit to the English body alone, which the
 * preview takes its quick way through (build/revise.ts), plans the Spanish
 * page again too, since its standing is made from the English file; its
 * notice and the build's warning come and go with the edit, as a fresh build
 * of the same content has them.
 */
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { formatDiagnostic } from '../../../build/diagnostics/index.ts';
import { partVersionLines } from '../../../build/lib/translation-version.ts';
import { planSite } from '../../../build/pipeline.ts';
import { PreviewSession, type BuildOutcome } from '../../../build/preview/session.ts';
import { writePlan } from '../../../build/produce/index.ts';
import { generatorVersion } from '../../../build/store/generator.ts';
import { assertSameFiles } from '../../helpers/folders.ts';
import { articleOf } from '../../helpers/model.ts';
import { article, makeSite, SPANISH_FILES, TEST_CACHE_DIR } from '../../helpers/sites.ts';

const ENGLISH_FRONT = { title: 'Knee Pain', date: '2025-10-01', summary: 'What helps a sore knee.' };
const ENGLISH_BODY = 'Rest the knee for two days, then walk a little more each day.';

const spanishText = (record: string) => `---\ntitle: Dolor de rodilla\ndate: 2025-10-01\nsummary: Qué ayuda cuando duele la rodilla.\ntranslatedFrom:\n${record}\n---\n\nDeje descansar la rodilla dos días y después camine un poco más cada día.\n`;

let site: Awaited<ReturnType<typeof makeSite>>;
let session: PreviewSession;
let outDir: string;
const english = () => path.join(site.contentDir, 'insights/knee.md');
const spanishPage = () => readFile(path.join(outDir, 'es/insights/dolor-de-rodilla/index.html'), 'utf8');

before(async () => {
  const englishText = article(ENGLISH_FRONT, ENGLISH_BODY);
  site = await makeSite({
    ...SPANISH_FILES,
    'content/insights/knee.md': englishText,
    'content/insights/knee.es.md': spanishText(partVersionLines(articleOf(englishText, 'content/insights/knee.md').versions).join('\n')),
  });
  outDir = path.join(site.root, 'out');
  const request = { contentDir: site.contentDir, assetsDir: site.assetsDir, outDir, cacheDir: path.join(site.root, 'cache'), includeDrafts: false, baseUrl: undefined, today: '2025-11-01' } as const;
  session = new PreviewSession(request, await generatorVersion());
  const first = await session.build(undefined);
  assert.ok(first.ok === true, JSON.stringify(first));
  assert.deepEqual(first.warnings, [], 'the translation records the English article as it is');
});
after(async () => {
  await site.cleanup();
});

/** A fresh build of the content as it is: its folder and its warnings as printed. */
async function freshBuild(): Promise<{ folder: string; warnings: string[] }> {
  const folder = path.join(site.root, 'fresh');
  await rm(folder, { recursive: true, force: true });
  const plan = await planSite({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false, cacheDir: TEST_CACHE_DIR, today: '2025-11-01' });
  await writePlan(plan, { outDir: folder, protectedDirs: [site.contentDir, site.assetsDir] });
  return { folder, warnings: plan.warnings.map((warning) => formatDiagnostic(warning)) };
}

/** Saves the English article with this body, and builds as the preview does on that save. */
async function saveEnglishBody(body: string): Promise<Extract<BuildOutcome, { ok: true }>> {
  await writeFile(english(), article(ENGLISH_FRONT, body));
  const outcome = await session.build([english()]);
  assert.ok(outcome.ok === true, JSON.stringify(outcome));
  assert.equal(outcome.articles, undefined, 'an edit to a body alone is revised, not planned whole');
  return outcome;
}

test("saving the English body writes the Spanish page again with its notice, and the warning names the English file's body", async () => {
  const outcome = await saveEnglishBody('Rest the knee for three days, then walk a little more each day.');
  assert.ok(outcome.written.includes('es/insights/dolor-de-rodilla/index.html'), `the Spanish page is written again: ${outcome.written.join(', ')}`);
  const html = await spanishPage();
  assert.match(html, /<div class="translation-notice" role="note"[^>]*><p><strong>La versión original en inglés de este artículo se actualizó después de esta traducción\.<\/strong> <a href="\/insights\/knee-pain" hrefLang="en">Lea la versión en inglés<\/a>\.<\/p><\/div>/);
  const warnings = outcome.warnings ?? [];
  assert.equal(warnings.length, 1, warnings.join('\n'));
  assert.match(warnings[0] ?? '', /knee\.es\.md:5 warning translation-outdated This translation was made from an earlier version of its original, knee\.md, whose body has changed since\./);
  const fresh = await freshBuild();
  assert.deepEqual(warnings, fresh.warnings, 'the warnings a fresh build gives');
  await assertSameFiles(outDir, fresh.folder, 'after the English save');
});

test("saving the Spanish body meanwhile keeps its notice and warning: its standing is its record's against the English file", async () => {
  const spanish = path.join(site.contentDir, 'insights/knee.es.md');
  await writeFile(spanish, (await readFile(spanish, 'utf8')).replace('dos días', 'tres días'));
  const outcome = await session.build([spanish]);
  assert.ok(outcome.ok === true && outcome.articles === undefined, JSON.stringify(outcome));
  assert.ok(outcome.written.includes('es/insights/dolor-de-rodilla/index.html'));
  assert.match(await spanishPage(), /tres días/);
  assert.match(await spanishPage(), /class="translation-notice"/);
  const fresh = await freshBuild();
  assert.equal(fresh.warnings.length, 1);
  assert.ok(outcome.warnings === undefined || JSON.stringify(outcome.warnings) === JSON.stringify(fresh.warnings), 'the warning as before');
  await assertSameFiles(outDir, fresh.folder, 'after the Spanish save');
});

test('saving the English body back as it was takes the notice and the warning away', async () => {
  const outcome = await saveEnglishBody(ENGLISH_BODY);
  assert.ok(outcome.written.includes('es/insights/dolor-de-rodilla/index.html'));
  assert.doesNotMatch(await spanishPage(), /translation-notice/);
  assert.deepEqual(outcome.warnings, []);
  await assertSameFiles(outDir, (await freshBuild()).folder, 'after the English save back');
});

test('an edit of white space alone in the English body leaves the Spanish page as it is', async () => {
  const outcome = await saveEnglishBody(ENGLISH_BODY.replace(' then', '\nthen').replace('two days', 'two  days'));
  assert.ok(!outcome.written.includes('es/insights/dolor-de-rodilla/index.html'), outcome.written.join(', '));
  assert.doesNotMatch(await spanishPage(), /translation-notice/);
  assert.equal(outcome.warnings, undefined, 'the same warnings as before: none');
});
