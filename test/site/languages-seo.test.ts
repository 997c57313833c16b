/**
 * What search engines and link previews read of the bilingual site (issue 56,
 * DECISIONS.md "Languages"), on the sample with an article in one language
 * only added to each side: each page's language, its `hreflang` pairs and
 * locales only where a translation exists, the header's link to the other
 * language that never leads to a missing page, an article's word of its
 * translation, the structured data's language, each language's feeds in the
 * head, and the sitemap's alternates.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { pageFile } from '../../build/host/addresses.ts';
import { addressLanguage, type Language } from '../../build/lib/languages.ts';
import { elements, type Element } from '../helpers/elements.ts';
import { UNTRANSLATED, withUntranslatedArticles } from '../helpers/sample-site.ts';
import { pageAt, type SiteBuild } from '../helpers/sites.ts';

const SITE = 'https://www.example.com';

/** Each page of the sample with its translation: the English address, then the Spanish. */
const PAIRS = [
  ['/', '/es'],
  ['/insights', '/es/insights'],
  ['/education', '/es/education'],
  ['/about', '/es/about'],
  ['/insights/medicare-part-d-in-2026-how-to-pay-for-your-prescription-drugs', '/es/insights/la-parte-d-de-medicare-en-2026-como-pagar-sus-medicamentos-recetados'],
  ['/insights/medicare-advantage-vs-original-medicare-medigap-what-to-know-for-2025', '/es/insights/medicare-advantage-o-medicare-original-con-medigap-lo-que-debe-saber-para-2025'],
  ['/insights/open-enrollment-2025-choosing-insurance-and-considering-direct-primary-care', '/es/insights/inscripcion-abierta-2025-como-elegir-su-seguro-y-que-saber-de-la-atencion-primaria-directa'],
] as const;

/** Each translated page's counterpart in the other language. */
const PARTNER = new Map<string, string>(PAIRS.flatMap(([english, spanish]) => [[english, spanish] as const, [spanish, english] as const]));
/** Each translated page's English address, which `x-default` names. */
const ENGLISH_OF = new Map<string, string>(PAIRS.flatMap(([english, spanish]) => [[english, english] as const, [spanish, english] as const]));

const OTHER: Record<Language, Language> = { en: 'es', es: 'en' };
const LOCALE: Record<Language, string> = { en: 'en_US', es: 'es_US' };
const LANGUAGE_NAME: Record<Language, string> = { en: 'English', es: 'Español' };

let build: SiteBuild;
before(async () => {
  build = await withUntranslatedArticles();
});

/** The primary language of a language tag: `es-US` → `es`. */
const primary = (tag: string | undefined) => tag?.split('-')[0];

const withAttribute = (page: string, name: string, attribute: string) => elements(page).filter((element) => element.name === name && element.attributes[attribute] !== undefined);

/** A page's `hreflang` links: the address each language's reader is sent to. */
function hreflangLinks(html: string): Record<string, string> {
  return Object.fromEntries(withAttribute(html, 'link', 'hreflang').map((link): [string, string] => [link.attributes.hreflang ?? '', link.attributes.href ?? '']));
}

/** The header's link to the other language. */
function languageLink(html: string): { attributes: Element['attributes']; text: string } {
  const found = /<div class="language-links">(<a [^>]*>)([^<]*)<\/a><\/div>/.exec(html);
  assert.ok(found, 'a language link in the header');
  return { attributes: elements(found[1] ?? '')[0]?.attributes ?? {}, text: found[2] ?? '' };
}

const content = (html: string, property: string) => withAttribute(html, 'meta', 'property').filter((meta) => meta.attributes.property === property).map((meta) => meta.attributes.content);

test('the build holds every page kind in both languages, and the articles in one language only', () => {
  const kinds = (language: Language) => new Set(build.pages.filter((page) => addressLanguage(page.url) === language).map((page) => page.kind));
  assert.deepEqual([kinds('en'), kinds('es')], [new Set(['page', 'redirect', 'not-found']), new Set(['page', 'redirect', 'not-found'])]);
  for (const url of [...PAIRS.flat(), ...Object.values(UNTRANSLATED)]) assert.ok(build.pages.some((page) => page.url === url && page.kind === 'page'), url);
});

test('<html lang> is English on every English page and Spanish on every /es page, not-found pages and redirects included', () => {
  for (const page of build.pages) {
    const lang = /^<!DOCTYPE html><html lang="([^"]+)">/.exec(page.html)?.[1];
    assert.equal(primary(lang), addressLanguage(page.url), `${page.kind} ${page.url}: lang="${lang}"`);
  }
});

test('a page with a translation names itself, its translation and x-default (the English one) with hreflang; no other page has any', () => {
  for (const page of build.pages) {
    const english = ENGLISH_OF.get(page.url);
    const links = hreflangLinks(page.html);
    if (page.kind !== 'page' || english === undefined) {
      assert.deepEqual(links, {}, `${page.kind} ${page.url} has no translation`);
      continue;
    }
    const spanish = PARTNER.get(english) as string;
    assert.deepEqual(links, { en: `${SITE}${english}`, es: `${SITE}${spanish}`, 'x-default': `${SITE}${english}` }, page.url);
  }
});

test('every hreflang target is a page whose canonical address it is, and which names the page back', () => {
  for (const page of build.pages.filter((each) => each.kind === 'page')) {
    const links = hreflangLinks(page.html);
    for (const target of Object.values(links)) {
      const url = target.slice(SITE.length) || '/';
      const html = build.files.get(pageFile(url));
      assert.ok(html !== undefined, `${page.url} → ${url} exists`);
      assert.deepEqual(withAttribute(String(html), 'link', 'rel').filter((link) => link.attributes.rel === 'canonical').map((link) => link.attributes.href), [target], `${url} is canonical`);
      assert.deepEqual(hreflangLinks(String(html)), links, `${url} names the same pairs as ${page.url}`);
    }
  }
});

test("every page's header links to the other language by its own name, with lang and hreflang, to a page that exists", () => {
  for (const page of build.pages) {
    const language = addressLanguage(page.url);
    const { attributes, text } = languageLink(page.html);
    assert.equal(text, LANGUAGE_NAME[OTHER[language]], page.url);
    assert.equal(attributes.hreflang, OTHER[language], page.url);
    assert.equal(primary(attributes.lang), OTHER[language], page.url);
    const target = attributes.href ?? '';
    assert.equal(addressLanguage(target), OTHER[language], `${page.url} → ${target}`);
    assert.ok(build.pages.some((each) => each.url === target && each.kind === 'page') && build.files.has(pageFile(target)), `${page.url} → ${target} is a page of out/`);
  }
});

test("the language link leads to the same page in the other language; from an article in one language only, to the other language's list", () => {
  for (const [url, partner] of PARTNER) assert.equal(languageLink(pageAt(build, url)).attributes.href, partner, url);
  assert.equal(languageLink(pageAt(build, UNTRANSLATED.english)).attributes.href, '/es/insights');
  assert.equal(languageLink(pageAt(build, UNTRANSLATED.spanish)).attributes.href, '/insights');
});

test('an article with a translation says so in its header, before its body, linking to it; an article without one does not', () => {
  for (const [url, partner] of PARTNER) {
    if (!url.includes('/insights/')) continue;
    const html = pageAt(build, url);
    const notice = /<p class="article__translations">(<a [^>]*>)([^<]+)<\/a><\/p>/.exec(html);
    assert.ok(notice, url);
    const other = OTHER[addressLanguage(url)];
    assert.deepEqual(elements(notice[1] ?? '')[0]?.attributes, { href: partner, lang: `${other}-US`, hreflang: other }, url);
    assert.equal(notice[2], other === 'es' ? 'Lea este artículo en español' : 'Read this article in English', url);
    assert.ok(notice.index < html.indexOf('</header>', html.indexOf('class="article__header"')), `${url}: in the article's header`);
  }
  for (const url of Object.values(UNTRANSLATED)) assert.ok(!pageAt(build, url).includes('article__translations'), url);
});

test("og:locale is every page's own; og:locale:alternate names the other only where a translation exists", () => {
  for (const page of build.pages) {
    const language = addressLanguage(page.url);
    assert.deepEqual(content(page.html, 'og:locale'), [LOCALE[language]], page.url);
    const translated = page.kind === 'page' && PARTNER.has(page.url);
    assert.deepEqual(content(page.html, 'og:locale:alternate'), translated ? [LOCALE[OTHER[language]]] : [], `${page.kind} ${page.url}`);
  }
});

test("the structured data of every page gives the page's language", () => {
  for (const page of build.pages) {
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.html)?.[1];
    assert.ok(json, `${page.url} has structured data`);
    const languages = [...json.matchAll(/"inLanguage":"([^"]+)"/g)].map((match) => primary(match[1]));
    assert.ok(languages.length > 0, `${page.url} gives inLanguage`);
    assert.deepEqual(new Set(languages), new Set([addressLanguage(page.url)]), `${page.kind} ${page.url}`);
  }
});

test("every page's head links its own language's feeds, each a file of out/", () => {
  for (const page of build.pages) {
    const feeds = withAttribute(page.html, 'link', 'type').filter((link) => link.attributes.rel === 'alternate').map((link) => link.attributes.href ?? '');
    const folder = addressLanguage(page.url) === 'es' ? '/es' : '';
    assert.deepEqual(feeds, [`${folder}/feed.xml`, `${folder}/atom.xml`, `${folder}/feed.json`], page.url);
    for (const feed of feeds) assert.ok(build.files.has(feed.slice(1)), feed);
  }
});

interface SitemapUrl {
  loc: string;
  'xhtml:link'?: { '@hreflang': string; '@href': string }[];
}

test('the sitemap lists every page of both languages, with reciprocal alternates and x-default for translated ones and none for the others', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'url' || name === 'xhtml:link' });
  const urls = (parser.parse(String(build.files.get('sitemap.xml'))) as { urlset: { url: SitemapUrl[] } }).urlset.url;
  const pages = build.pages.filter((page) => page.kind === 'page').map((page) => `${SITE}${page.url}`);
  assert.deepEqual(urls.map((url) => url.loc).sort(), pages.sort());
  const alternates = new Map(urls.map((url) => [url.loc, Object.fromEntries((url['xhtml:link'] ?? []).map((link) => [link['@hreflang'], link['@href']]))]));
  for (const [loc, links] of alternates) {
    const english = ENGLISH_OF.get(loc.slice(SITE.length) || '/');
    if (english === undefined) {
      assert.deepEqual(links, {}, `${loc} has no translation`);
      continue;
    }
    assert.deepEqual(links, { en: `${SITE}${english}`, es: `${SITE}${PARTNER.get(english) as string}`, 'x-default': `${SITE}${english}` }, loc);
    for (const target of [links.en, links.es]) assert.deepEqual(alternates.get(target ?? ''), links, `${target ?? ''} names ${loc} back`);
  }
});
