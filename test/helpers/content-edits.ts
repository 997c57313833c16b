/**
 * Single edits of a small site's content, one case each, in the order the
 * tests apply them: each over the site the cases before it left. Two tests
 * run them: a build over the last out/ with a memory of its own, as a second
 * `npm run build` runs it (in-place.ts), and the preview's session, which
 * keeps its memory between builds (preview-edits.ts). Each edit
 * says which files it wrote or removed, by absolute path, as the preview's
 * watcher would report them; an edit that moves the build's day on touches
 * no file, and moves the day of the `Clock` the test made.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ContentErrors, formatDiagnostic, groupWarnings } from '../../build/diagnostics/index.ts';
import type { CalendarDay } from '../../build/lib/calendar-day.ts';
import { planSite } from '../../build/pipeline.ts';
import { writePlan } from '../../build/produce/index.ts';
import { makeSite, samplePdf, SITE_CONTACT, SITE_MD } from './sites.ts';

export type Site = Awaited<ReturnType<typeof makeSite>>;
/** The build's day, which a case may move on: a review too old on it, or a figure of a year before its own, is out of date. One per test file. */
export interface Clock {
  today: CalendarDay;
}
/** An edit of the site; it returns the absolute paths it wrote or removed (folders it made too), none when it moved the day alone. */
type Edit = (site: Site, clock: Clock) => Promise<string[]>;
/** A case: its name, its edit, and whether no file of out/ shows it. */
type Case = [name: string, edit: Edit, shownNowhere?: 'shown nowhere'];

/** The day the cases start on. */
export const FIRST_DAY: CalendarDay = '2026-06-01';

const png = (width: number, height: number, blue = 120) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: blue } } }).png().toBuffer();
const svg = (width: number, height: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#0b5e6b"/></svg>\n`;

/** Replaces text in a file of the site; the text must be there, so that no case edits nothing. */
const swap =
  (file: string, from: string, to: string): Edit =>
  async (site) => {
    const target = path.join(site.root, file);
    const text = await readFile(target, 'utf8');
    assert.ok(text.includes(from), `${file} should hold ${JSON.stringify(from)}`);
    await writeFile(target, text.replace(from, to));
    return [target];
  };
/** Writes a file of the site, new or over the old one; a folder it makes is reported too, as the watcher of its parent reports it. */
const put =
  (file: string, contents: (site: Site) => Promise<string | Uint8Array> | string): Edit =>
  async (site) => {
    const target = path.join(site.root, file);
    const made = await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, await contents(site));
    return made === undefined ? [target] : [made, target];
  };
/** A file of the site as it is now. */
const text = (site: Site, file: string) => readFile(path.join(site.root, file), 'utf8');
const remove =
  (file: string): Edit =>
  async (site) => {
    const target = path.join(site.root, file);
    await rm(target);
    return [target];
  };
const both =
  (...edits: Edit[]): Edit =>
  async (site, clock) => {
    const touched: string[] = [];
    for (const edit of edits) touched.push(...(await edit(site, clock)));
    return touched;
  };
/** The build's day moved on, as the weekly build of the published site moves it. */
const on =
  (day: CalendarDay): Edit =>
  (_site, clock) => {
    clock.today = day;
    return Promise.resolve([]);
  };

const ALPHA = `---
title: Alpha
date: 2025-01-10
lastReviewed: 2025-12-01
summary: The first.
author: Dr. Writer
reviewedBy: Dr. Reviewer
sources:
  - title: "CMS"
    url: "https://www.cms.gov/"
---

Alpha body: the cap is {{partDCap}}.

![A chart](/images/chart.png)

See [the handouts](/education).
`;
const plain = (title: string, date: string, extra = '') => `---\ntitle: ${title}\ndate: ${date}\nsummary: About ${title}.\n${extra}---\n\n${title} body, long enough to be a sentence of its own.\n`;
const figure = (name: string, value: string, about: string, [source, url]: [string, string]) => `${name}:\n  value: "${value}"\n  year: 2026\n  about: "${about}"\n  source:\n    title: "${source}"\n    url: "${url}"\n`;
const SITE_EXTRAS = `languages:\n  - English\nappointmentUrl: "https://portal.test.example/"\nacceptsMedicare: true\ninsurancePlans:\n  - "Original Medicare"\nafterHoursPhone: "(786) 555-0199"\nafterHours: "Call the after-hours line."\nhandoutsLastReviewed: "2026-01-15"\n`;
const SITE = SITE_MD.replace('/images/physician.svg', '/images/photo.png').replace(SITE_CONTACT, `${SITE_CONTACT}${SITE_EXTRAS}`).replace('A short biography.', 'A short biography.\n\n![The office](/images/office.png)');

const A = 'content/insights/alpha.md';
const B = 'content/insights/beta.md';
const S = 'content/site.md';
const F = 'content/medicare-figures.yaml';
const T = 'content/education-topics.yaml';
const SECRET = 'content/insights/secret.md';
const TOPIC = '- title: Knee Pain\n  system: Musculoskeletal\n  subgroup: Knee\n  pdf: knee-pain\n  external: ""\n  sourceTitle: ""\n';

/** The site the cases start from: three articles and a draft, two figures, and images for the photo, an article and the biography. */
export async function makeEditedSite(): Promise<Site> {
  return makeSite({
    'content/site.md': SITE,
    'content/medicare-figures.yaml': `${figure('partDCap', '$2,100', 'The cap', ['Medicare.gov', 'https://www.medicare.gov/'])}${figure('premium', '$185.00', 'The premium', ['CMS premiums', 'https://www.cms.gov/premiums'])}`,
    [A]: ALPHA,
    [B]: plain('Beta', '2025-03-01'),
    'content/insights/gamma.md': plain('Gamma', '2025-04-01'),
    [SECRET]: '---\ntitle: Secret\ndate: 2025-06-01\ndraft: true\n---\n\nA draft body that must never be published.\n',
    'assets/images/photo.png': await png(400, 300),
    'assets/images/chart.png': await png(200, 100),
    'assets/images/office.png': await png(300, 200),
  });
}

const ARTICLE_CASES: Case[] = [
  ['article title', swap(A, 'title: Alpha', 'title: Alpha Renamed')],
  ['article file renamed', both(put('content/insights/first.md', (at) => text(at, A)), remove(A))],
  ['article date', swap('content/insights/first.md', 'date: 2025-01-10', 'date: 2025-03-15')],
  ['article lastReviewed', swap('content/insights/first.md', 'lastReviewed: 2025-12-01', 'lastReviewed: 2026-01-20')],
  ['article lastReviewed added', swap(B, 'summary: About Beta.', 'summary: About Beta.\nlastReviewed: 2025-03-10')],
  ['article summary', swap('content/insights/first.md', 'summary: The first.', 'summary: The first, said again.')],
  ['article author', swap('content/insights/first.md', 'author: Dr. Writer', 'author: Dr. Other Writer')],
  ['article reviewedBy', swap('content/insights/first.md', 'reviewedBy: Dr. Reviewer', 'reviewedBy: Dr. Other Reviewer')],
  ['article source title', swap('content/insights/first.md', 'title: "CMS"', 'title: "CMS, Medicare costs"')],
  ['article source url', swap('content/insights/first.md', 'url: "https://www.cms.gov/"', 'url: "https://www.cms.gov/costs"')],
  ['article source added', swap(B, 'summary: About Beta.', 'summary: About Beta.\nsources:\n  - title: "NIH"\n    url: "https://www.nih.gov/"')],
  ['article body', swap(B, 'Beta body, long enough', 'Beta body, now edited and a good deal longer than it was, long enough')],
  ['article draft: true', swap(B, 'title: Beta', 'draft: true\ntitle: Beta')],
  ['article draft: false', swap(B, 'draft: true', 'draft: false')],
  ['an article field the schema does not have (tags)', swap(B, 'summary: About Beta.', 'summary: About Beta.\ntags: medicare'), 'shown nowhere'],
  ["a draft's body", swap(SECRET, 'A draft body', 'A draft body, edited'), 'shown nowhere'],
  // A draft's sentence that a published body says too is no leak: what the checks remember of each page must follow it both ways.
  ["a published body says a draft's sentence", swap(B, 'Beta body,', 'A draft body, edited that must never be published. Beta body,')],
  ["that sentence edited in the draft alone", swap(SECRET, 'must never be', 'must not ever be'), 'shown nowhere'],
  ['the draft says it as the published body does again', swap(SECRET, 'must not ever be', 'must never be'), 'shown nowhere'],
  ['the published body no longer says it', swap(B, 'A draft body, edited that must never be published. ', '')],
  ['article added', put('content/insights/delta.md', () => plain('Delta', '2025-05-01', 'author: Dr. Writer\n'))],
  ['article removed', remove('content/insights/gamma.md')],
  ['article body quotes a figure', swap(B, 'Beta body,', 'Beta body, with a premium of {{premium}},')],
];

const ASSET_CASES: Case[] = [
  ["the photo's image at another size", put('assets/images/photo.png', () => png(500, 400))],
  ["an article's image at another size", put('assets/images/chart.png', () => png(360, 180))],
  ["the biography's image at another size", put('assets/images/office.png', () => png(700, 300))],
  ["an article's image, same size, other pixels", put('assets/images/chart.png', () => png(360, 180, 200))],
  ["the logo's image at another size", put('assets/images/logo.svg', () => svg(80, 40))],
  ["the sharing image at another size", put('assets/images/social-default.png', () => png(1000, 500))],
  ['a file in insights/ that is not an article', put('content/insights/notes.txt', () => 'Notes.\n'), 'shown nowhere'],
  ['that file removed', remove('content/insights/notes.txt'), 'shown nowhere'],
  ['an asset added that no page shows', put('assets/files/notes.txt', () => 'Notes.\n')],
  ['that asset removed', remove('assets/files/notes.txt')],
];

const SITE_CASES: Case[] = [
  ...(
    [
      ['name', 'Dr. Test Person', 'Dr. Test Persona'],
      ['credentials', 'MD', 'DO'],
      ['specialty', 'Family Medicine', 'Internal Medicine'],
      ['practice', 'Test Practice', 'Other Practice'],
      ['location', 'Testville', 'Testburg'],
      ['siteUrl', 'https://test.example', 'https://other.example'],
      ['photoAlt', 'Portrait of the test physician', 'Photograph of the test physician'],
      ['tagline', 'A tagline.', 'Another tagline.'],
      ['intro', 'An introduction.', 'Another introduction.'],
      ['affiliationDisclaimer', 'My views are my own and not those of any affiliated institution.', 'These views are mine alone.'],
      ['handoutsLastReviewed', '2026-01-15', '2025-09-15'],
      ['phone', '(786) 555-0123', '(786) 555-0124'],
      ['appointmentUrl', 'https://portal.test.example/', 'https://portal.other.example/'],
      ['afterHoursPhone', '(786) 555-0199', '(786) 555-0198'],
      ['afterHours', 'Call the after-hours line.', 'Call the after-hours line, or 911.'],
    ] as const
  ).map(([field, from, to]): Case => [`site.md ${field}`, swap(S, `${field}: "${from}"`, `${field}: "${to}"`)]),
  ['site.md reviewMaxAgeMonths', swap(S, 'reviewMaxAgeMonths: 1200', 'reviewMaxAgeMonths: 6')],
  ['site.md address street', swap(S, 'street: "1 Test Way"', 'street: "2 Test Way"')],
  ['site.md address city', swap(S, 'city: "Testville"', 'city: "Testburg"')],
  ['site.md address state', swap(S, 'state: "FL"', 'state: "GA"')],
  ['site.md address zip', swap(S, 'zip: "33101"', 'zip: "33102"')],
  ['site.md address country', swap(S, 'zip: "33102"', 'zip: "00901"\n  country: "PR"')],
  ['site.md hours closes', swap(S, 'closes: 5:00 p.m.', 'closes: 6:00 p.m.')],
  ['site.md hours days', swap(S, 'days: Monday–Friday', 'days: Monday–Thursday')],
  ['site.md hours entry added', swap(S, 'closes: 6:00 p.m.', 'closes: 6:00 p.m.\n  - days: Friday\n    opens: 9:00 a.m.\n    closes: 1:00 p.m.')],
  ['site.md languages', swap(S, '  - English', '  - English\n  - Spanish')],
  ['site.md acceptsMedicare', swap(S, 'acceptsMedicare: true', 'acceptsMedicare: false')],
  ['site.md insurancePlans', swap(S, '"Original Medicare"', '"Original Medicare (Part A and Part B)"')],
  ['site.md biography', swap(S, 'A short biography.', 'A longer biography, with a [link](/education).')],
  ["site.md biography says a draft's sentence", swap(S, 'A longer biography,', 'A draft body, edited that must never be published. A longer biography,')],
  ['site.md biography no longer says it', swap(S, 'A draft body, edited that must never be published. ', '')],
  ['site.md logo', both(put('assets/images/logo2.svg', () => svg(64, 64)), swap(S, 'logo: "/images/logo.svg"', 'logo: "/images/logo2.svg"'))],
  ['site.md favicon', swap(S, 'favicon: "/images/favicon.svg"', 'favicon: "/images/logo2.svg"')],
  ['site.md photo', swap(S, 'photo: "/images/photo.png"', 'photo: "/images/physician.svg"')],
  ['site.md socialImage', swap(S, 'socialImage: "/images/social-default.png"', 'socialImage: "/images/chart.png"')],
];

const DATA_CASES: Case[] = [
  ['figure value', swap(F, 'value: "$2,100"', 'value: "$2,200"')],
  ['figure year', swap(F, '"$2,200"\n  year: 2026', '"$2,200"\n  year: 2025')],
  ['figure about', swap(F, 'about: "The cap"', 'about: "The cap on drug costs"'), 'shown nowhere'],
  ['figure source title', swap(F, 'title: "Medicare.gov"', 'title: "Medicare.gov, costs"')],
  ['figure source url', swap(F, 'url: "https://www.medicare.gov/"', 'url: "https://www.medicare.gov/costs"')],
  // No page quotes it, but the browser editor's configuration gains its form.
  ['figure added, quoted nowhere', put(F, async (at) => `${await text(at, F)}${figure('deductible', '$257', 'The deductible', ['CMS', 'https://www.cms.gov/'])}`)],
  ['topic title', swap(T, 'title: Low Back Pain', 'title: Lower Back Pain')],
  ['topic system', swap(T, 'system: Musculoskeletal\n  subgroup: Shoulder', 'system: Orthopaedics\n  subgroup: Shoulder')],
  ['topic subgroup', swap(T, 'subgroup: Back', 'subgroup: Spine')],
  ['topic pdf', both(put('assets/pdfs/shoulder.pdf', () => samplePdf('Shoulder', 2)), swap(T, 'pdf: rotator-cuff-tears', 'pdf: shoulder'))],
  ['topic external', swap(T, 'rotator-cuff-tears/"', 'rotator-cuff/"')],
  ['topic sourceTitle', swap(T, 'sourceTitle: "OrthoInfo"', 'sourceTitle: "OrthoInfo (AAOS)"')],
  ['topic added', both(put('assets/pdfs/knee-pain.pdf', () => samplePdf('Knee pain')), put(T, async (at) => `${await text(at, T)}${TOPIC}`))],
  ['topic removed', swap(T, TOPIC, '')],
  ['handout PDF with more pages', put('assets/pdfs/low-back-pain.pdf', () => samplePdf('Test handout', 3))],
  ['handout PDF with another title', put('assets/pdfs/low-back-pain.pdf', () => samplePdf('Low back pain, a handout', 3))],
];

const DAY_CASES: Case[] = [
  ['article reviewed again, its notice gone', swap('content/insights/delta.md', 'summary: About Delta.', 'summary: About Delta.\nlastReviewed: 2026-05-01')],
  ["build's day, to the next day", on('2026-06-02'), 'shown nowhere'],
  ["build's day, to the day that review grows old", on('2026-11-01')],
  ["build's day, to a new year", on('2027-01-04')],
];

/**
 * Every case in parts, in the order they are applied, each over the site the
 * ones before it left. Each part is a test file of its own, which the runner
 * runs beside the others, and starts from the site the parts before it leave.
 */
const CASE_PARTS = {
  'articles and assets': [...ARTICLE_CASES, ...ASSET_CASES],
  'site.md': SITE_CASES,
  'figures, topics, handouts and the day': [...DATA_CASES, ...DAY_CASES],
} as const satisfies Record<string, readonly Case[]>;

export type CasePart = keyof typeof CASE_PARTS;

/** A part of the cases, the cases of the parts before it, and whether it is the last part. */
export function casesOf(part: CasePart): { earlier: readonly Case[]; cases: readonly Case[]; last: boolean } {
  const parts = Object.keys(CASE_PARTS) as CasePart[];
  const index = parts.indexOf(part);
  return { earlier: parts.slice(0, index).flatMap((name) => CASE_PARTS[name]), cases: CASE_PARTS[part], last: index === parts.length - 1 };
}

/**
 * A build of the site into a folder, as `npm run build` runs it: planned with
 * a memory of its own, written over what the folder holds. A build that
 * stops says why, with each problem on its line.
 *
 * @returns its warnings, as the terminal shows them
 */
export async function buildSite(site: Site, into: { outDir: string; cacheDir: string; today: CalendarDay; generator: string }): Promise<string[]> {
  const { outDir, cacheDir, today, generator } = into;
  try {
    const plan = await planSite({ contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: false, cacheDir, generator, today });
    await writePlan(plan, { outDir, protectedDirs: [site.contentDir, site.assetsDir] });
    return groupWarnings(plan.warnings).map((warning) => formatDiagnostic(warning));
  } catch (error) {
    if (!(error instanceof ContentErrors)) throw error;
    throw new Error(`the build into ${path.basename(outDir)}/ stopped:\n${error.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic)).join('\n')}`, { cause: error });
  }
}

/** The files that are not the same in two folders: missing from one, or with other bytes. */
export function differing(actual: Map<string, Buffer>, expected: Map<string, Buffer>): string[] {
  const names = new Set([...actual.keys(), ...expected.keys()]);
  return [...names].filter((name) => !(actual.get(name)?.equals(expected.get(name) ?? Buffer.alloc(0)) ?? false)).sort();
}
