/**
 * The feeds and sharing cards of each language (issue 56): a set of feeds per
 * language with its own title and language, listing only that language's
 * articles, and each article's card under its language's folder, drawn in its
 * words. Built from the sample with an article in one language only on each
 * side, so that a feed leaving one out is seen.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { before, test } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { cardPainter, type CardPainter, type CardText } from '../../../build/outputs/cards.ts';
import type { Language } from '../../../build/lib/languages.ts';
import { fileOf } from '../../helpers/discovery-site.ts';
import { withUntranslatedArticles } from '../../helpers/sample-site.ts';
import { pageAt, SAMPLE_ASSETS, type SiteBuild } from '../../helpers/sites.ts';

const SITE = 'https://www.example.com';
const SPANISH_PART_D = { slug: 'la-parte-d-de-medicare-en-2026-como-pagar-sus-medicamentos-recetados', title: 'La Parte D de Medicare en 2026: cómo pagar sus medicamentos recetados' };

/** What each language's feeds are called and say they are written in, and the articles they carry, newest first. */
const FEEDS: Record<Language, { folder: string; title: string; language: string; articles: string[] }> = {
  en: {
    folder: '',
    title: 'Dr. Alex Sample, MD: Insights',
    language: 'en-US',
    articles: ['open-enrollment-2025-choosing-insurance-and-considering-direct-primary-care', 'medicare-advantage-vs-original-medicare-medigap-what-to-know-for-2025', 'medicare-part-d-in-2026-how-to-pay-for-your-prescription-drugs', 'only-in-english'],
  },
  es: {
    folder: '/es',
    title: 'Dr. Alex Sample, MD: Artículos',
    language: 'es-US',
    articles: ['inscripcion-abierta-2025-como-elegir-su-seguro-y-que-saber-de-la-atencion-primaria-directa', 'medicare-advantage-o-medicare-original-con-medigap-lo-que-debe-saber-para-2025', SPANISH_PART_D.slug, 'solo-en-espanol'],
  },
};

let build: SiteBuild;
let painter: CardPainter;
before(async () => {
  [build, painter] = await Promise.all([withUntranslatedArticles(), cardPainter(path.join(SAMPLE_ASSETS, 'images/logo.svg'))]);
});

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item' || name === 'entry' });
const text = (value: string | { '#text': string }) => (typeof value === 'string' ? value : value['#text']);
const articleUrls = (language: Language) => FEEDS[language].articles.map((slug) => `${SITE}${FEEDS[language].folder}/insights/${slug}`);

for (const language of ['en', 'es'] as const) {
  const { folder, title } = FEEDS[language];
  const file = (name: string) => `${folder}/${name}`.slice(1);

  test(`${language}: the RSS feed has its own title, language and list, and only the articles written in it`, () => {
    const channel = (xml.parse(fileOf(build, file('feed.xml')).toString()) as { rss: { channel: { title: string; language: string; link: string; item: { link: string }[] } } }).rss.channel;
    assert.deepEqual([channel.title, channel.language, channel.link], [title, FEEDS[language].language, `${SITE}${folder}/insights`]);
    assert.deepEqual(channel.item.map((item) => item.link), articleUrls(language));
  });

  test(`${language}: the Atom feed has its own title, says its language in xml:lang and its author on the about page in it, with only the articles written in it`, () => {
    const feed = (xml.parse(fileOf(build, file('atom.xml')).toString()) as { feed: { '@xml:lang': string; title: string | { '#text': string }; author: { uri: string }; entry: { link: { '@href': string } }[] } }).feed;
    assert.deepEqual([text(feed.title), feed['@xml:lang'], feed.author.uri], [title, FEEDS[language].language, `${SITE}${folder}/about`]);
    assert.deepEqual(feed.entry.map((entry) => entry.link['@href']), articleUrls(language));
  });

  test(`${language}: the JSON Feed has its own title and language (JSON Feed 1.1) and its author on the about page in it, with only the articles written in it`, () => {
    const feed = JSON.parse(fileOf(build, file('feed.json')).toString()) as { version: string; title: string; language: string; home_page_url: string; author: { url: string }; items: { url: string }[] };
    assert.deepEqual([feed.version, feed.title, feed.language, feed.home_page_url, feed.author.url], ['https://jsonfeed.org/version/1.1', title, FEEDS[language].language, `${SITE}${folder}/insights`, `${SITE}${folder}/about`]);
    assert.deepEqual(feed.items.map((item) => item.url), articleUrls(language));
  });
}

/** A card in Spanish: the heading and byline of the Spanish site, which names the specialty and the place in Spanish. */
const spanishCard = (title: string): CardText => ({ heading: 'ARTÍCULOS DEL MÉDICO', title, author: 'Dr. Alex Sample, MD', byline: 'Medicina familiar en el sur de la Florida' });

test("a Spanish article's sharing image is its own card under /es/og/, drawn with Spanish words", async () => {
  const html = pageAt(build, `/es/insights/${SPANISH_PART_D.slug}`);
  const card = `es/og/${SPANISH_PART_D.slug}.png`;
  assert.ok(html.includes(`<meta property="og:image" content="${SITE}/${card}"/>`));
  assert.ok(html.includes(`<meta property="og:image:alt" content="${SPANISH_PART_D.title}, por el Dr. Alex Sample, MD"/>`));
  assert.ok(fileOf(build, card).equals(await painter.draw(spanishCard(SPANISH_PART_D.title))), 'the Spanish title, heading and byline');
  assert.ok(fileOf(build, 'es/og/solo-en-espanol.png').equals(await painter.draw(spanishCard('Solo en español'))), 'an article in Spanish only has its card too');
});

test("an English article's card stays at /og/ in English words, and no card is drawn twice in two languages", async () => {
  const english: CardText = { heading: 'PHYSICIAN’S INSIGHTS', title: 'Only in English', author: 'Dr. Alex Sample, MD', byline: 'Family Medicine · South Florida' };
  assert.ok(fileOf(build, 'og/only-in-english.png').equals(await painter.draw(english)));
  const cards = [...build.files.keys()].filter((name) => /(^|\/)og\//.test(name)).sort();
  assert.deepEqual(cards, [...FEEDS.en.articles.map((slug) => `og/${slug}.png`), ...FEEDS.es.articles.map((slug) => `es/og/${slug}.png`)].sort());
});
