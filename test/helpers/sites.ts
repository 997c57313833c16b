/**
 * Small sites for tests: a minimal valid content folder, written to a temp
 * directory, with any file replaced, added or removed per test.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { cp, mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { ContentDiagnostic } from '../../build/diagnostics/index.ts';
import { versionOf } from '../../build/lib/translation-version.ts';
import type { SiteModel } from '../../build/model/index.ts';
import { planSite, type BuildOptions, type SitePlan } from '../../build/pipeline.ts';
import { producePlan, writePlan } from '../../build/produce/index.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The sample site this repository ships, as the tests build it: a copy of `content/` and `assets/`
 * as shipped, so that the physician's own content, once it replaces the sample, changes no test.
 * `test/site/sample-site.test.ts` holds the two equal while `content/` is the sample.
 */
export const SAMPLE_SITE = path.join(PROJECT_ROOT, 'test/fixtures/sample-site');
export const SAMPLE_CONTENT = path.join(SAMPLE_SITE, 'content');
export const SAMPLE_ASSETS = path.join(SAMPLE_SITE, 'assets');

/** A one-page handout with a title, as the physician's own PDFs have. */
export async function samplePdf(title: string, pages = 1): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(title);
  document.setCreationDate(new Date('2025-01-01T00:00:00Z'));
  document.setModificationDate(new Date('2025-01-01T00:00:00Z'));
  for (let page = 0; page < pages; page++) document.addPage([612, 792]);
  return document.save();
}

export const MINIMAL_PDF = await samplePdf('Test handout');

/** The contact fields of the test identity, as the last lines of its front matter. */
export const SITE_CONTACT = `phone: "(786) 555-0123"
address:
  street: "1 Test Way"
  city: "Testville"
  state: "FL"
  zip: "33101"
hours:
  - days: Monday–Friday
    opens: 9:00 a.m.
    closes: 5:00 p.m.
`;

export const SITE_MD = `---
name: "Dr. Test Person"
credentials: "MD"
specialty: "Family Medicine"
practice: "Test Practice"
location: "Testville"
siteUrl: "https://test.example"
logo: "/images/logo.svg"
favicon: "/images/favicon.svg"
photo: "/images/physician.svg"
photoAlt: "Portrait of the test physician"
socialImage: "/images/social-default.png"
tagline: "A tagline."
intro: "An introduction."
affiliationDisclaimer: "My views are my own and not those of any affiliated institution."
reviewMaxAgeMonths: 1200
${SITE_CONTACT}---

A short biography.
`;

/** The test identity's Spanish translation (content/site.es.md), so that the site is built in both languages. */
export const SITE_ES_MD = `---
specialty: "Medicina familiar"
location: "Testville"
photoAlt: "Retrato del médico de prueba"
tagline: "Un lema."
intro: "Una introducción."
affiliationDisclaimer: "Mis opiniones son mías y no las de ninguna institución."
---

Una biografía breve.
`;

export const TOPICS_YAML = `- title: Low Back Pain
  system: Musculoskeletal
  subgroup: Back
  pdf: low-back-pain
  external: ""
  sourceTitle: ""
- title: Rotator Cuff Tears
  system: Musculoskeletal
  subgroup: Shoulder
  pdf: rotator-cuff-tears
  external: "https://orthoinfo.aaos.org/en/diseases--conditions/rotator-cuff-tears/"
  sourceTitle: "OrthoInfo"
`;

/** Files of the minimal site, relative to its folder; `null` removes a file. */
export type SiteFiles = Record<string, string | Uint8Array | null>;

export const BASE_FILES: SiteFiles = {
  'content/site.md': SITE_MD,
  'content/education-topics.yaml': TOPICS_YAML,
  'assets/pdfs/low-back-pain.pdf': MINIMAL_PDF,
  'assets/pdfs/rotator-cuff-tears.pdf': MINIMAL_PDF,
};

/** The topics with their Spanish words, for a site built in both languages, each recording that its Spanish handout translates the English one as it is. */
export const TOPICS_ES_YAML = TOPICS_YAML.replace('  subgroup: Back\n', `  subgroup: Back\n  es:\n    title: "Dolor de espalda baja"\n    system: "Sistema musculoesquelético"\n    subgroup: "Espalda"\n    translatedFrom: "${versionOf(MINIMAL_PDF)}"\n`).replace(
  '  subgroup: Shoulder\n',
  `  subgroup: Shoulder\n  es:\n    title: "Desgarros del manguito rotador"\n    system: "Sistema musculoesquelético"\n    subgroup: "Hombro"\n    translatedFrom: "${versionOf(MINIMAL_PDF)}"\n`,
);

/** The files that make the minimal site bilingual: the identity and the topics in Spanish, and the Spanish handouts. */
export const SPANISH_FILES: SiteFiles = {
  'content/site.es.md': SITE_ES_MD,
  'content/education-topics.yaml': TOPICS_ES_YAML,
  'assets/pdfs/low-back-pain.es.pdf': MINIMAL_PDF,
  'assets/pdfs/rotator-cuff-tears.es.pdf': MINIMAL_PDF,
};

/** An article file's text from its front-matter fields and body. */
export function article(fields: Record<string, string | boolean>, body = 'Some words of the body.'): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${String(value)}`);
  return `---\n${lines.join('\n')}\n---\n\n${body}\n`;
}

/** Three published articles a few days and months apart, and a draft. */
export const THREE_ARTICLES = {
  'content/insights/old.md': article({ title: 'Old News', summary: 'Old summary.', date: '2024-03-05' }),
  'content/insights/mid.md': article({ title: 'Mid Season', summary: 'Mid summary.', date: '2025-10-16', author: 'Dr. Writer' }),
  'content/insights/new.md': article({ title: 'Newest Thing', summary: 'New summary.', date: '2025-10-21' }),
  'content/insights/secret.md': article({ title: 'Secret Draft', summary: 'Draft summary.', date: '2026-01-01', draft: true }, 'Draft body text.'),
};

/** Writes a site to a new temp folder; the sample images are copied so the identity file resolves. */
export async function makeSite(files: SiteFiles = {}): Promise<{ root: string; contentDir: string; assetsDir: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'site-test-'));
  await cp(path.join(SAMPLE_ASSETS, 'images'), path.join(root, 'assets/images'), { recursive: true });
  await mkdir(path.join(root, 'content/insights'), { recursive: true });
  for (const [file, text] of Object.entries({ ...BASE_FILES, ...files })) {
    const target = path.join(root, file);
    if (text === null) {
      await rm(target, { force: true });
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  return {
    root,
    contentDir: path.join(root, 'content'),
    assetsDir: path.join(root, 'assets'),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/** The cache folder of this test process: tests never share the project's .cache/. */
export const TEST_CACHE_DIR = await mkdtemp(path.join(tmpdir(), 'site-test-cache-'));
process.on('exit', () => rmSync(TEST_CACHE_DIR, { recursive: true, force: true }));

/** A site built in memory, as a test reads it: every page's HTML and every file's contents, checked. */
export interface SiteBuild {
  plan: SitePlan;
  model: SiteModel;
  pages: { url: string; file: string; kind: 'page' | 'redirect' | 'not-found'; html: string }[];
  /** Every file of out/ by its path. */
  files: Map<string, string | Uint8Array>;
  warnings: ContentDiagnostic[];
}

/** Builds a site in memory, as `npm run build` would, checks included, without writing it. */
export async function buildInMemory(options: Omit<BuildOptions, 'includeDrafts'> & { includeDrafts?: boolean }): Promise<SiteBuild> {
  const plan = await planSite({ cacheDir: TEST_CACHE_DIR, ...options, includeDrafts: options.includeDrafts ?? false });
  const files = await producePlan(plan);
  const pages = plan.pages.map((page) => ({ url: page.url, file: page.file, kind: page.kind, html: String(files.get(page.file)) }));
  return { plan, model: plan.model, pages, files, warnings: plan.warnings };
}

/** Builds a site made of the base files plus `files`, in memory. */
export async function buildFrom(files: SiteFiles = {}, options: Partial<BuildOptions> = {}): Promise<SiteBuild> {
  const site = await makeSite(files);
  try {
    return await buildInMemory({ year: 2026, ...options, contentDir: options.contentDir ?? site.contentDir, assetsDir: options.assetsDir ?? site.assetsDir });
  } finally {
    await site.cleanup();
  }
}

/** The HTML of the page answering at `url`. */
export function pageAt(build: SiteBuild, url: string, kind: 'page' | 'redirect' | 'not-found' = 'page'): string {
  const found = build.pages.find((page) => page.url === url && page.kind === kind);
  assert.ok(found, `no ${kind} at ${url}; pages: ${build.pages.map((page) => page.url).join(', ')}`);
  return found.html;
}

/**
 * Asserts that the text contains each expected piece, or, for a piece
 * starting with `!`, that it does not.
 */
export function assertContains(text: string, expected: readonly string[]): void {
  for (const piece of expected) {
    if (piece.startsWith('!')) assert.ok(!text.includes(piece.slice(1)), `expected NOT to find: ${piece.slice(1)}`);
    else assert.ok(text.includes(piece), `expected to find: ${piece}`);
  }
}

/** A private copy of the sample site, for tests that edit files. */
export async function copySampleSite(): Promise<{ root: string; contentDir: string; assetsDir: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'site-copy-'));
  const contentDir = path.join(root, 'content');
  const assetsDir = path.join(root, 'assets');
  await cp(SAMPLE_CONTENT, contentDir, { recursive: true });
  await cp(SAMPLE_ASSETS, assetsDir, { recursive: true });
  return { root, contentDir, assetsDir, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** Builds the sample site (or the given copy of it) into out/, as `npm run build` would. */
export async function buildSampleSiteInto(outDir: string, options: Partial<BuildOptions> = {}): Promise<SitePlan> {
  const { contentDir = SAMPLE_CONTENT, assetsDir = SAMPLE_ASSETS } = options;
  const plan = await planSite({ includeDrafts: false, cacheDir: TEST_CACHE_DIR, ...options, contentDir, assetsDir });
  await writePlan(plan, { outDir, protectedDirs: [contentDir, assetsDir] });
  return plan;
}
