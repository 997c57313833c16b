/**
 * The check of language pairs (build/check/language-pairs.ts): a page's
 * `hreflang` links must each name a page of the build, canonical at that
 * address and naming the first page back under its language, and
 * `x-default` one of the set; a broken pair stops the build like a broken
 * link, told at the page's source file with a hint.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SiteChecks, recordPage, type BodySource } from '../../../build/check/index.ts';
import type { PlannedPage } from '../../../build/pages/index.ts';
import { sampleSite } from '../../helpers/sample-site.ts';
import { article, buildFrom, pageAt, SPANISH_FILES } from '../../helpers/sites.ts';

const SITE = 'https://test.example';

/** A page's head as the templates write it: its language, canonical address, noindex and hreflang links. */
interface Head {
  lang: string;
  canonical?: string;
  noindex?: boolean;
  alternates: [language: string, url: string][];
}

function headHtml(head: Head): string {
  const alternates = head.alternates.map(([language, url]) => `<link rel="alternate" hrefLang="${language}" href="${url}"/>`).join('');
  const canonical = head.canonical === undefined ? '' : `<link rel="canonical" href="${head.canonical}"/>`;
  return `<html lang="${head.lang}"><head>${head.noindex === true ? '<meta name="robots" content="noindex"/>' : ''}${canonical}${alternates}</head><body><p>Text</p></body></html>`;
}

/** The English home and its Spanish version, each naming both and x-default the English one. */
const PAIRED: Record<'en' | 'es', Head> = {
  en: { lang: 'en-US', canonical: `${SITE}/`, alternates: [['en', `${SITE}/`], ['es', `${SITE}/es`], ['x-default', `${SITE}/`]] },
  es: { lang: 'es-US', canonical: `${SITE}/es`, alternates: [['en', `${SITE}/`], ['es', `${SITE}/es`], ['x-default', `${SITE}/`]] },
};

/** The findings of a site of two pages, `/` and `/es`, made from these heads, the Spanish one shown from `content/site.es.md` when it has a body. */
async function pairFindings(en: Head, es: Head, esBody?: BodySource) {
  const planned = (url: string, file: string): PlannedPage => {
    const render = () => Promise.resolve('');
    return { url, file, path: file, kind: 'page', key: url, render, contents: render };
  };
  const pages = [planned('/', 'index.html'), planned('/es', 'es/index.html')];
  const checks = new SiteChecks({ paths: pages.map((page) => page.file), assets: [], siteUrl: SITE, prints: undefined });
  checks.setPage(pages[0] as PlannedPage, recordPage(headHtml(en), undefined), undefined);
  checks.setPage(pages[1] as PlannedPage, recordPage(headHtml(es), undefined), esBody);
  const found = await checks.findings(pages, () => Promise.resolve(new Set()));
  return found.filter((diagnostic) => diagnostic.ruleId === 'broken-hreflang');
}

const told = (found: Awaited<ReturnType<typeof pairFindings>>) => found.map((diagnostic) => [diagnostic.file, diagnostic.severity, diagnostic.message]);

test('two pages that name each other and themselves, under their languages and canonical addresses, with x-default one of them, pass', async () => {
  assert.deepEqual(await pairFindings(PAIRED.en, PAIRED.es), []);
});

test('an hreflang link to a page the build does not have is refused at the page, saying search engines ignore the pair', async () => {
  const en: Head = { ...PAIRED.en, alternates: [['en', `${SITE}/`], ['es', `${SITE}/es/gone`], ['x-default', `${SITE}/`]] };
  const found = await pairFindings(en, PAIRED.es);
  assert.deepEqual(told(found), [
    ['index.html', 'error', "The page / names https://test.example/es/gone as its version in 'es' (hreflang), but the site has no page there, so search engines ignore the pair."],
    // The Spanish page names the English one, which does not name it back.
    ['es/index.html', 'error', "The page /es names https://test.example/ as its version in 'en' (hreflang), but that page does not name /es back as its version in 'es-US', so search engines ignore the pair."],
  ]);
  assert.match(found[0]?.hint ?? '', /name\.es\.md beside name\.md.*build\/pages\/alternates\.ts/);
});

test('a pair the other page does not return is refused, told at the source file of the page that names it', async () => {
  const es: Head = { ...PAIRED.es, alternates: [['es', `${SITE}/es`]] };
  const body: BodySource = { file: 'content/site.es.md', bodyStartLine: 12, key: 'es-about', links: [] };
  const found = await pairFindings(PAIRED.en, es, body);
  assert.deepEqual(told(found), [['index.html', 'error', "The page / names https://test.example/es as its version in 'es' (hreflang), but that page does not name / back as its version in 'en-US', so search engines ignore the pair."]]);
  assert.match(found[0]?.hint ?? '', /^Every version must name every other, itself included/);
  const wrongLanguage: Head = { ...PAIRED.es, alternates: [['fr', `${SITE}/`], ['es', `${SITE}/es`], ['x-default', `${SITE}/`]] };
  assert.deepEqual(
    (await pairFindings(PAIRED.en, wrongLanguage, body)).map((diagnostic) => [diagnostic.file, diagnostic.problemId]),
    [['index.html', 'pairNotReciprocal']],
    'naming the English page under another language is no way back to it',
  );
});

test('an hreflang link to an address that is not the target\'s canonical one, or to a page kept out of search engines, is refused', async () => {
  const otherCanonical = { ...PAIRED.es, canonical: `${SITE}/es/` };
  assert.deepEqual(told(await pairFindings(PAIRED.en, otherCanonical)).slice(0, 1), [
    ['index.html', 'error', "The page / names https://test.example/es as its version in 'es' (hreflang), but that page's canonical address is https://test.example/es/, so search engines ignore the pair."],
  ]);
  const noindex = { ...PAIRED.es, noindex: true };
  assert.deepEqual(told(await pairFindings(PAIRED.en, noindex)), [
    ['index.html', 'error', "The page / names https://test.example/es as its version in 'es' (hreflang), but that page asks search engines not to index it (noindex), so they ignore the pair."],
    ['es/index.html', 'error', "The page /es names https://test.example/es as its version in 'es' (hreflang), but that page asks search engines not to index it (noindex), so they ignore the pair."],
  ]);
});

test('an x-default that is none of the versions the page names is refused', async () => {
  const en: Head = { ...PAIRED.en, alternates: [['en', `${SITE}/`], ['es', `${SITE}/es`], ['x-default', `${SITE}/about`]] };
  const found = await pairFindings(en, PAIRED.es);
  assert.deepEqual(told(found), [['index.html', 'error', "The page / names https://test.example/about as its version in 'x-default' (hreflang), but that is none of the versions its other hreflang links name."]]);
  assert.match(found[0]?.hint ?? '', /^Point x-default at one of the page's versions/);
});

test('an article and its translation name each other and pass; an article without a translation carries no hreflang and passes', async () => {
  const files = { ...SPANISH_FILES, 'content/insights/a.md': article({ title: 'A', date: '2025-01-01' }), 'content/insights/a.es.md': article({ title: 'A en español', date: '2025-01-01' }), 'content/insights/b.md': article({ title: 'B', date: '2025-01-01' }) };
  const build = await buildFrom(files);
  assert.deepEqual(build.warnings.filter((warning) => warning.ruleId === 'broken-hreflang'), []);
  const english = pageAt(build, '/insights/a');
  const spanish = pageAt(build, '/es/insights/a-en-espanol');
  for (const html of [english, spanish]) {
    for (const link of ['hrefLang="en" href="https://test.example/insights/a"', 'hrefLang="es" href="https://test.example/es/insights/a-en-espanol"', 'hrefLang="x-default" href="https://test.example/insights/a"']) assert.ok(html.includes(link), link);
  }
  assert.doesNotMatch(pageAt(build, '/insights/b'), /<link rel="alternate" hrefLang/, 'a page without a translation carries no hreflang');
});

// bug: a --drafts build paired a draft translation with its published original, and the pair's noindex half stopped the preview.
test('in a --drafts build a draft translation is in no pair, and the header still leads to it', async () => {
  const files = { ...SPANISH_FILES, 'content/insights/a.md': article({ title: 'A', date: '2025-01-01' }), 'content/insights/a.es.md': article({ title: 'A en español', date: '2025-01-01', draft: true }) };
  const build = await buildFrom(files, { includeDrafts: true });
  for (const url of ['/insights/a', '/es/insights/a-en-espanol']) assert.doesNotMatch(pageAt(build, url), /<link rel="alternate" hrefLang/, url);
  assert.match(pageAt(build, '/insights/a'), /<a class="language-link" href="\/es\/insights\/a-en-espanol" lang="es-US" hrefLang="es">/);
});

test("the sample site's pairs pass, and every page that has a translation carries them", async () => {
  const build = await sampleSite();
  assert.deepEqual(build.warnings.filter((warning) => warning.ruleId === 'broken-hreflang'), []);
  const paired = build.pages.filter((page) => page.kind === 'page' && /hrefLang="x-default"/.test(page.html)).map((page) => page.url);
  const articles = build.model.articles.map((one) => one.url);
  assert.equal(articles.filter((url) => url.startsWith('/es/')).length, 3, 'the three articles and their translations');
  for (const url of ['/', '/es', '/about', '/es/about', '/education', '/es/education', ...articles]) assert.ok(paired.includes(url), url);
});
