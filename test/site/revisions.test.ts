/**
 * The preview's quick way through an edit to article bodies alone
 * (build/revise.ts): it plans again only the pages that show the edited
 * bodies, and checks again only those, with what the checks knew of the
 * rest. A long run of such edits, each of a kind that changes something a
 * whole build would see elsewhere (a link, a section another page links to,
 * a handout's use, a figure, a draft's sentence, a link's warning), must leave out/ and the
 * warnings as a fresh build of the same content does, edit after edit.
 */
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { formatDiagnostic } from '../../build/diagnostics/index.ts';
import { TRANSLATION_MARKER } from '../../build/lib/translation-marker.ts';
import { planSite } from '../../build/pipeline.ts';
import { PreviewSession, type BuildOutcome } from '../../build/preview/session.ts';
import { writePlan } from '../../build/produce/index.ts';
import { generatorVersion } from '../../build/store/generator.ts';
import { FIGURES_YAML } from '../helpers/figures.ts';
import { assertSameFiles } from '../helpers/folders.ts';
import { article, makeSite, MINIMAL_PDF, TEST_CACHE_DIR } from '../helpers/sites.ts';

const DRAFT_SENTENCE = 'This unfinished thought about the knee must never reach the published site.';

/**
 * The three published articles' front matter: never changed here, so every edit is to a body alone.
 * Alpha names a translator, though it translates no article: the whole plan warns and drops the name, and a revision must not bring it back.
 */
const FRONT = {
  alpha: { title: 'Alpha', date: '2025-01-01', summary: 'The first.', translatedBy: 'Lucía Gómez' },
  beta: { title: 'Beta', date: '2025-02-01', summary: 'The second.' },
  gamma: { title: 'Gamma', date: '2025-03-01', summary: 'The third.' },
} as const;

type Name = keyof typeof FRONT;

/** The edits, one after another: each body as it is after the edit, whether the build must stop, and whether it is planned whole (a body with a warning of its own). */
const EDITS: { name: Name; body: string; fails?: RegExp; whole?: true }[] = [
  { name: 'beta', body: 'Beta body, with a sentence added.' },
  { name: 'alpha', body: 'Alpha body, with a claim.[^1]\n\n[^1]: See [the handout](/pdfs/extra.pdf).' },
  { name: 'gamma', body: 'Gamma links to [the source of the claim](/insights/alpha#user-content-fn-1).' },
  { name: 'alpha', body: 'Alpha body, the claim and its note gone.', fails: /gamma\.md:\d+ error broken-link/ },
  { name: 'alpha', body: 'Alpha body, with a claim.[^1]\n\n[^1]: No handout any more.' },
  { name: 'beta', body: 'Beta quotes last year\'s cap of {{oldCap}}.' },
  { name: 'beta', body: 'Beta quotes this year\'s cap of {{capA}}.' },
  { name: 'gamma', body: `Gamma says it too. ${DRAFT_SENTENCE}` },
  { name: 'gamma', body: 'Gamma links to [a page that is not there](/insights/nowhere).', fails: /gamma\.md:\d+ error broken-link/ },
  { name: 'gamma', body: 'Gamma, fixed, with a [link to beta](/insights/beta) and a footnote.[^1]\n\n[^1]: Its note.' },
  // An image with no size to read, as an empty file has none: the body is planned whole, and the image is reported.
  { name: 'alpha', body: 'Alpha shows ![an empty picture](/images/empty.png).', fails: /alpha\.md:\d+ error invalid-image/ },
  { name: 'alpha', body: 'Alpha shows the physician: ![Portrait](/images/physician.svg)' },
  { name: 'beta', body: 'Beta with a [link that runs a script](javascript:alert(1)).', whole: true },
  // A published article with a translation's marker line: the model stage finds it in the body, so the build stops.
  { name: 'beta', body: `${TRANSLATION_MARKER}\n\nBeta, left in English.`, fails: /beta\.md:7 error translation-unfinished/ },
  { name: 'beta', body: 'Beta, the link taken out again.' },
];

let site: Awaited<ReturnType<typeof makeSite>>;
let session: PreviewSession;
let outDir: string;
let firstWarnings: readonly string[];
const file = (name: string) => path.join(site.contentDir, 'insights', `${name}.md`);

before(async () => {
  site = await makeSite({
    ...Object.fromEntries(Object.entries(FRONT).map(([name, fields]) => [`content/insights/${name}.md`, article(fields, `${fields.title} body.`)])),
    'content/insights/unfinished-knee-notes.md': article({ title: 'A Draft', date: '2025-04-01', draft: true }, DRAFT_SENTENCE),
    'content/medicare-figures.yaml': FIGURES_YAML,
    'assets/pdfs/extra.pdf': MINIMAL_PDF,
    'assets/images/empty.png': '',
  });
  outDir = path.join(site.root, 'out');
  session = new PreviewSession({ contentDir: site.contentDir, assetsDir: site.assetsDir, outDir, cacheDir: path.join(site.root, 'cache'), includeDrafts: false, baseUrl: undefined }, await generatorVersion());
  const first = await session.build(undefined);
  assert.ok(first.ok === true);
  firstWarnings = first.warnings ?? [];
});
after(async () => {
  await site.cleanup();
});

/** A fresh build of the content as it is, with a memory of its own: its folder and its warnings as printed. */
async function freshBuild(): Promise<{ folder: string; warnings: string[] }> {
  const folder = path.join(site.root, 'fresh');
  await rm(folder, { recursive: true, force: true });
  const plan = await planSite({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false, cacheDir: TEST_CACHE_DIR });
  await writePlan(plan, { outDir: folder, protectedDirs: [site.contentDir, site.assetsDir] });
  return { folder, warnings: plan.warnings.map((warning) => formatDiagnostic(warning)) };
}

test('edit after edit to bodies alone, out/ and the warnings are what a fresh build makes, and only the edited page and the feeds are written', async () => {
  let warnings = firstWarnings;
  let revisedAfterSuccess = true;
  for (const [step, edit] of EDITS.entries()) {
    await writeFile(file(edit.name), article(FRONT[edit.name], edit.body));
    const outcome: BuildOutcome = await session.build([file(edit.name)]);
    const what = `edit ${step + 1} (${edit.name})`;
    if (edit.fails !== undefined) {
      assert.ok(outcome.ok === false && outcome.lines.some((line) => edit.fails?.test(line)), `${what} stops the build: ${JSON.stringify(outcome)}`);
      // A failed build leaves nothing to revise: the next one is planned whole.
      revisedAfterSuccess = false;
      continue;
    }
    assert.ok(outcome.ok === true, `${what}: ${JSON.stringify(outcome)}`);
    // A revision sends no lists of the site's files, redirects or articles: they cannot have changed.
    if (revisedAfterSuccess && !edit.body.includes('![') && edit.whole !== true) assert.equal(outcome.articles, undefined, `${what} is a revision, not a whole build`);
    revisedAfterSuccess = true;
    for (const written of outcome.written) assert.ok([`insights/${FRONT[edit.name].title.toLowerCase()}/index.html`, 'feed.xml', 'atom.xml', 'feed.json'].includes(written) || written.startsWith('images/'), `${what} wrote ${written}`);
    warnings = outcome.warnings ?? warnings;
    const fresh = await freshBuild();
    await assertSameFiles(outDir, fresh.folder, what);
    assert.deepEqual(warnings, fresh.warnings, `${what}: the warnings`);
  }
});

test('an edit to the front matter, to a draft or to a file outside the articles is planned whole', async () => {
  await writeFile(file('beta'), article({ ...FRONT.beta, summary: 'A new summary.' }, 'Beta body.'));
  const summary = await session.build([file('beta')]);
  assert.ok(summary.ok === true && summary.articles !== undefined, 'a new summary shows on the lists: the whole site is planned');
  await writeFile(file('unfinished-knee-notes'), article({ title: 'A Draft', date: '2025-04-01', draft: true }, `${DRAFT_SENTENCE} And another one.`));
  const draft = await session.build([file('unfinished-knee-notes')]);
  assert.ok(draft.ok === true && draft.articles !== undefined, 'a draft changes what the audit looks for');
  const added = path.join(site.contentDir, 'insights', 'aardvarks.md');
  await writeFile(added, article({ title: 'Aardvarks', date: '2025-05-01' }, 'A new article, saved with an edit to another.'));
  await writeFile(file('beta'), article(FRONT.beta, 'Beta body, edited beside a new article.'));
  const beside = await session.build([file('beta'), added]);
  assert.ok(beside.ok === true && beside.articles?.some((shown) => shown.sourcePath === added), 'a new article is planned whole, with the body edited beside it');
  await assertSameFiles(outDir, (await freshBuild()).folder, 'after the whole builds');
});
