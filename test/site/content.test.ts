/**
 * The sample content of this repository: the articles and topics the spec and
 * DECISIONS.md name, the reference facts as given, and a valid handout per topic.
 * Read from the tests' copy, which sample-site.test.ts holds equal to content/.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import { planSite } from '../../build/pipeline.ts';
import { temporaryFolder } from '../helpers/folders.ts';
import { buildSampleSiteInto, PROJECT_ROOT, SAMPLE_ASSETS, SAMPLE_CONTENT, TEST_CACHE_DIR } from '../helpers/sites.ts';

// The drafts too: the template is content the spec names.
const plan = await planSite({ contentDir: SAMPLE_CONTENT, assetsDir: SAMPLE_ASSETS, includeDrafts: true, cacheDir: TEST_CACHE_DIR });
const articles = await Promise.all(plan.model.articles.map((article) => plan.withBody(article)));
const published = articles.filter((article) => !article.draft);
/** The English articles, which the spec names; each has its Spanish translation beside it (DECISIONS.md "Languages"). */
const english = articles.filter((article) => article.language === 'en');
const spanish = articles.filter((article) => article.language === 'es');
const englishPublished = english.filter((article) => !article.draft);
/** An article's translation into Spanish: the file beside it. */
const spanishOf = (article: (typeof articles)[number]) => spanish.find((translation) => translation.original === article.sourcePath);
const bodyTexts = new Map(await Promise.all(articles.map(async (article) => [article.sourcePath, (await plan.documents.textBlocks(article.sourcePath)).join('\n')] as const)));
/** What an article's body says, block by block, as its page shows it. */
const bodyText = (article: (typeof articles)[number]) => bodyTexts.get(article.sourcePath) ?? '';
/** The files as written. */
const articleFiles = articles.map((article) => readFileSync(article.sourcePath, 'utf8'));

test('the sample content has no problem the build reports', async () => {
  assert.deepEqual(plan.warnings, []);
  assert.deepEqual(await plan.documents.finished, []);
});

// spec §1 and DECISIONS.md "Content": the four bundled articles.
test('the four articles of the spec, with their dates, and only the template a draft', () => {
  assert.deepEqual(
    english.map((a) => [a.date, a.draft]).sort(),
    [
      ['2024-10-18', true],
      ['2025-10-16', false],
      ['2025-10-17', false],
      ['2025-10-21', false],
    ],
  );
  const byDate = (date: string) => english.find((a) => a.date === date)?.title ?? '';
  assert.match(byDate('2025-10-17'), /Medicare Advantage.*Original Medicare.*Medigap/);
  assert.match(byDate('2025-10-16'), /Part D.*2026/);
  assert.match(byDate('2025-10-21'), /Open Enrollment 2025.*Direct Primary Care/);
  assert.match(byDate('2024-10-18'), /Template/);
});

test('every article of the spec, the template too, has its Spanish translation with the same date, draft state, author and reviewer, and no Spanish article is without its English one', () => {
  assert.equal(spanish.length, english.length);
  for (const article of english) {
    const translation = spanishOf(article);
    assert.ok(translation, `${article.sourcePath} has no .es.md beside it`);
    const facts = (a: typeof article) => [a.date, a.draft, a.author, a.reviewedBy, a.lastReviewed];
    assert.deepEqual(facts(translation), facts(article), translation.sourcePath);
  }
});

test('exactly one article has an author, in each language', () => {
  assert.equal(english.filter((a) => a.author !== undefined).length, 1);
  assert.equal(spanish.filter((a) => a.author !== undefined).length, 1);
});

/** The amounts, percentages, phone numbers, years and web addresses a text states, each once, sorted. */
function numbersOf(text: string): string[] {
  const found = text.match(/\$[\d,]+(?:\.\d+)?|\d+(?:\.\d+)? ?%|1-800-[\dA-Z-]+|\b(?:19|20)\d\d\b|https?:\/\/[^\s)\]]+/g) ?? [];
  return [...new Set(found.map((item) => item.replace(/[.,]$/, '').replace(' %', '%')))].sort();
}

test('each Spanish article states every dollar amount, percentage, phone number, year and web address of its English one, and no other', () => {
  for (const article of englishPublished) {
    const translation = spanishOf(article);
    assert.deepEqual(numbersOf(bodyText(translation ?? article)), numbersOf(bodyText(article)), `${translation?.sourcePath ?? article.sourcePath} against ${article.sourcePath}`);
  }
});

test('each published article is several hundred words, with a summary for the cards', () => {
  for (const article of published) {
    assert.ok(article.wordCount >= 500, `${article.title}: ${article.wordCount} words`);
    assert.ok(article.summary.length > 40 && article.summary.length <= 200, article.title);
  }
});

test('each article says it is educational and not advice, in its language', () => {
  for (const article of english) {
    assert.match(bodyText(article), /educational|for education/i, article.title);
    assert.match(bodyText(article), /not (personal )?(medical|[a-z, ]*)advice/i, article.title);
  }
  for (const article of spanish) {
    assert.match(bodyText(article), /educativ/i, article.title);
    assert.match(bodyText(article), /no es (un )?consejo médico/i, article.title);
  }
});

test('the template carries the mission line and explains the summary cards', () => {
  const template = english.find((a) => a.draft);
  assert.match((template ? bodyText(template) : ''), /whole-person, faith-optional, compassionate care/);
  assert.match((template ? bodyText(template) : ''), /summary[^.]*home ?page[^.]*cards?/i);
});

// spec §9 reference facts, as given.
const FACTS: [string, RegExp][] = [
  ['Part D out-of-pocket cap 2025', /\$2,000/],
  ['Part D out-of-pocket cap 2026', /\$2,100/],
  ['Part D maximum deductible 2026', /\$615/],
  ['insulin cap', /\$35 (a|per) month/],
  ['MA average in-network maximum', /\$5,320/],
  ['combined PPO average', /\$9,547/],
  ['MA legal cap', /\$9,350/],
  ['annual enrollment period', /October 15 to December 7/],
  ['MA open enrollment', /January 1 to March 31/],
  ['payment schedule disclosure', /5 business days/],
  ['Medigap initial window', /6 months|six months/i],
];

for (const [fact, pattern] of FACTS) {
  test(`the published articles state the reference fact: ${fact}`, () => {
    assert.ok(englishPublished.some((article) => pattern.test(bodyText(article))), `${String(pattern)} in no published article`);
  });
}

// Issue 24: the spec gives the prior-authorization survey (22% versus 13%) without its
// publisher or year, and a figure a reader cannot trace is not quoted.
test('no article quotes the prior-authorization survey, whose source the spec does not name', () => {
  for (const article of articles) assert.doesNotMatch(bodyText(article), /22 ?%|13 ?%/, article.title);
});

test('the Part D cap is told as a sentence, not a struck-out list a screen reader reads as "$2,000 $2,100"', () => {
  const partD = published.find((article) => /Part D/.test(article.title));
  assert.match(partD ? bodyText(partD) : '', /The yearly cap on out-of-pocket costs for covered Part D drugs rises from \$2,000 in 2025 to \$2,100 in 2026\./);
  for (const text of articleFiles.filter((file) => !/draft: true/.test(file))) assert.doesNotMatch(text, /~~/, 'no strikethrough in a published article');
});

test('where an article speaks of help choosing coverage, it names the free SHIP counseling, Florida\'s SHINE and its helpline', () => {
  const helping = englishPublished.filter((article) => /SHIP/.test(bodyText(article)));
  assert.equal(helping.length, 3);
  for (const article of helping) {
    const text = bodyText(article);
    assert.match(text, /State Health Insurance Assistance Program \(SHIP\)/, article.title);
    assert.match(text, /SHINE \(Serving Health Insurance Needs of Elders\)|reach SHINE/, article.title);
    assert.match(text, /Florida Elder Helpline at 1-800-963-5337/, article.title);
    assert.match(text, /shiphelp\.org/, article.title);
    const translation = bodyText(spanishOf(article) ?? article);
    assert.match(translation, /Programa Estatal de Asistencia sobre Seguros de Salud \(SHIP\)/, article.title);
    assert.match(translation, /SHINE/, article.title);
    assert.match(translation, /1-800-963-5337/, article.title);
    assert.match(translation, /shiphelp\.org/, article.title);
  }
});

test('the year-bound figures are valid, each with its year and source, and the articles quote them by name', () => {
  assert.ok(plan.model.figures.size >= 9);
  for (const figure of plan.model.figures.values()) assert.match(figure.source.url, /^https:\/\//, figure.name);
  const quoted = new Set(articles.flatMap((article) => article.figures.map((figure) => figure.name)));
  for (const name of ['partDOutOfPocketCap2025', 'partDOutOfPocketCap2026', 'partDMaxDeductible2026', 'insulinMonthlyCap', 'maOutOfPocketLegalCap2025', 'annualEnrollmentPeriod2025', 'maOpenEnrollmentPeriod2026']) {
    assert.ok(quoted.has(name), name);
  }
  for (const article of published) assert.doesNotMatch(bodyText(article), /\{\{/, `${article.title} has no unresolved figure`);
});

test('each published article has a reviewer, a review date and sources', () => {
  for (const article of published) {
    assert.ok(article.reviewedBy, article.title);
    assert.ok(article.lastReviewed >= article.date, article.title);
    assert.ok(article.sources.length >= 2, article.title);
  }
});

// Strikethrough shows only in the template: a screen reader reads struck-out words like any
// others, so a published article says what changed in a sentence (issue 24).
test('the published articles together use every GFM feature but strikethrough, which the template shows', () => {
  const bodies = articleFiles.filter((text) => !/draft: true/.test(text)).join('\n');
  assert.match(bodies, /^\|.*\|$/m, 'table');
  assert.match(bodies, /^- \[[ x]\] /m, 'task list');
  assert.match(bodies, /\[\^[^\]]+\]:/, 'footnote');
  assert.match(bodies, /(^|\s)https:\/\/www\.medicare\.gov(\s|[.,])/, 'bare URL autolink');
  assert.match(articleFiles.find((text) => /draft: true/.test(text)) ?? '', /~~[^~]+~~/, 'strikethrough, in the template');
});

// The markers in capitals only: "todo" is Spanish for "all".
test('no content file says lorem ipsum, TODO or TBD', () => {
  const texts = ['site.md', 'site.es.md', 'education-topics.yaml', 'medicare-figures.yaml'].map((file) => readFileSync(path.join(SAMPLE_CONTENT, file), 'utf8')).concat(articleFiles);
  for (const text of texts) assert.doesNotMatch(text, /lorem ipsum|\bTODO\b|\bTBD\b|\bFIXME\b|\bXXX\b/);
  for (const text of texts) assert.doesNotMatch(text, /lorem ipsum/i);
});

// DECISIONS.md "Education topics": the 25 built-in topics.
const TOPICS: Record<string, string[]> = {
  Back: ['About Your Back', 'Low Back Pain', 'Sciatica', 'Lumbar Spinal Stenosis', 'Scoliosis In Children', 'Spine Conditioning Program'],
  Knee: ['About Your Knee', 'Knee Osteoarthritis', 'Meniscus Tears', 'Patellofemoral Pain'],
  'Hand/Wrist': ['Carpal Tunnel Syndrome', 'Trigger Finger', "De Quervain's Tendinosis"],
  Elbow: ['Tennis Elbow', "Golfer's Elbow"],
  'Foot/Ankle': ['Plantar Fasciitis', 'Ankle Sprains', 'Achilles Tendinitis'],
  Shoulder: ['Frozen Shoulder', 'Rotator Cuff Tears', 'Shoulder Impingement'],
  Hip: ['Hip Osteoarthritis', 'Hip Bursitis'],
  General: ['Arthritis', 'Osteoporosis'],
};

const topics = plan.model;
const pdfNames = new Set(plan.assets.filter((asset) => asset.relativePath.startsWith('pdfs/')).map((asset) => asset.relativePath.slice('pdfs/'.length)));

test('the 25 topics of DECISIONS.md, all Musculoskeletal, in their subgroups', () => {
  assert.equal(topics.topics.length, 25);
  assert.deepEqual(
    topics.systems.map((system) => system.name),
    ['Musculoskeletal'],
  );
  assert.deepEqual(Object.fromEntries(topics.systems[0]?.subgroups.map((group) => [group.name, group.topics.map((t) => t.title)]) ?? []), TOPICS);
});

test('only Rotator Cuff Tears has an external source: the AAOS OrthoInfo page', () => {
  const external = topics.topics.filter((t) => t.external !== '');
  assert.deepEqual(
    external.map((t) => t.title),
    ['Rotator Cuff Tears'],
  );
  assert.match(external[0]?.external ?? '', /^https:\/\/orthoinfo\.aaos\.org\//);
  assert.match(external[0]?.sourceTitle ?? '', /OrthoInfo/);
});

// DECISIONS.md: one genuine one-page sample handout per topic; test/site/handouts.test.ts reads them as a reader's viewer does.
test('every topic has a genuine one-page PDF handout with its title, and its Spanish one beside it (DECISIONS.md "Languages"), and no other PDF', async () => {
  assert.deepEqual([...pdfNames].sort(), topics.topics.flatMap((t) => [`${t.pdf}.pdf`, `${t.pdf}.es.pdf`]).sort());
  for (const topic of topics.topics) {
    const pdf = await PDFDocument.load(readFileSync(path.join(SAMPLE_ASSETS, 'pdfs', `${topic.pdf}.pdf`)));
    assert.equal(pdf.getPageCount(), 1, topic.title);
    assert.equal(pdf.getTitle(), topic.title);
    assert.match(pdf.getSubject() ?? '', /sample/i, 'marked as a sample handout');
    assert.deepEqual([topic.pdfPages, topic.pdfBytes > 0], [1, true], `${topic.title}: what the education page shows beside the link`);
    const spanish = await PDFDocument.load(readFileSync(path.join(SAMPLE_ASSETS, 'pdfs', `${topic.pdf}.es.pdf`)));
    assert.equal(spanish.getPageCount(), 1, `${topic.title}, in Spanish`);
    assert.match(spanish.getSubject() ?? '', /muestra/i, 'marked as a sample handout, in Spanish');
  }
});

test('the site identity is one file of clearly sample values, and the README says to edit it', () => {
  const site = readFileSync(path.join(SAMPLE_CONTENT, 'site.md'), 'utf8');
  assert.match(site, /^name: "Dr\. Alex Sample"$/m);
  assert.match(site, /^siteUrl: "https:\/\/www\.example\.com"$/m);
  assert.match(site, /^phone: "\(305\) 555-01\d\d"$/m, 'a fictional 555-01xx number');
  assert.match(site, /^ {2}street: "123 Sample Street, Suite 100"$/m);
  assert.match(site, /^languages:\n {2}- English\n {2}- Spanish$/m, 'South Florida: English and Spanish');
  const readme = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
  assert.match(readme, /content\/site\.md/);
  assert.match(readme, /sample/i);
  assert.match(readme, /555-0142/, 'the README names the sample phone');
  assert.match(readme, /--allow-sample/, 'and the flag that publishes it to a staging bucket');
});

test('the sample site builds with no warning while its reviews are current, and warns once they are not, in both languages (the handouts too)', async () => {
  const out = await temporaryFolder('content-out');
  const build = await buildSampleSiteInto(path.join(out, 'out'), { today: '2025-11-01' });
  assert.deepEqual(build.warnings, []);
  const later = await buildSampleSiteInto(path.join(out, 'later'), { today: '2026-11-22' });
  assert.deepEqual(
    later.warnings.map((warning) => [warning.ruleId, path.basename(warning.file)]).sort(),
    [
      ['figure-year-over', 'medicare-advantage-vs-medigap.es.md'],
      ['figure-year-over', 'medicare-advantage-vs-medigap.md'],
      ['figure-year-over', 'open-enrollment-2025.es.md'],
      ['figure-year-over', 'open-enrollment-2025.md'],
      ['figure-year-over', 'part-d-2026.es.md'],
      ['figure-year-over', 'part-d-2026.md'],
      ['stale-review', 'medicare-advantage-vs-medigap.es.md'],
      ['stale-review', 'medicare-advantage-vs-medigap.md'],
      ['stale-review', 'open-enrollment-2025.es.md'],
      ['stale-review', 'open-enrollment-2025.md'],
      ['stale-review', 'part-d-2026.es.md'],
      ['stale-review', 'part-d-2026.md'],
      ['stale-review', 'site.md'],
    ],
  );
  assert.deepEqual(readdirSync(path.join(out, 'out', 'pdfs')).length, 50, 'each topic in English and in Spanish');
});
