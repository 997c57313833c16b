/**
 * The Insights feeds in RSS 2.0, Atom 1.0 and JSON Feed 1.1, written with the
 * feed package from the newest published articles (FEED_ITEM_LIMIT). Each item carries
 * the whole article: the articles are short, and a patient who follows the
 * physician in a feed reader should be able to read them there. Links in the
 * content are made absolute, as feed readers show it away from the site.
 */
import { addressIn, feedFile } from '../lib/languages.ts';
import { Feed, type Item } from 'feed';
import { displayName } from '../../templates/context.ts';
import { messagesFor, type Language, type Messages } from '../../templates/messages/index.ts';
import { FEED_FILES, FEED_ITEM_LIMIT, TOUCH_ICON } from '../config.ts';
import { articleJson, lastChanged, newestChange, type Article, type ArticleWithBody, type SiteIdentity } from '../model/index.ts';
import type { Output } from '../output.ts';
import { entryKey } from '../store/index.ts';

/**
 * Root-relative `href` and `src` values, each address of a `srcset` list, and
 * links within the page (footnotes) made absolute: a reader resolves them
 * against the feed, not the article.
 */
function absoluteUrls(html: string, siteUrl: string, pageUrl: string): string {
  const absolute = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? `${siteUrl}${url}` : url);
  return html
    .replace(/\s(href|src)="\/(?!\/)/gi, ` $1="${siteUrl}/`)
    .replace(/\shref="#/gi, ` href="${pageUrl}#`)
    .replace(/\ssrcset="([^"]*)"/gi, (attribute, list: string) => attribute.replace(list, list.split(',').map((candidate) => candidate.replace(/\S+/, absolute)).join(',')));
}

/**
 * A calendar day as the instant a feed needs: noon UTC, which falls on that
 * same day from UTC-12 to UTC+11. At midnight UTC a reader in Florida saw each
 * article dated the evening before.
 */
function dayInstant(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

/** Characters XML 1.0 cannot hold, even escaped: most control characters (Word's line break is one) and halves of a surrogate pair. */
// eslint-disable-next-line no-control-regex -- these control characters are what the expression is for
const NOT_IN_XML = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|\p{Cs}/gu;

/**
 * Text as the XML feeds can carry it: a character XML cannot hold made one
 * strict readers reject the whole feed. The feed package writes text in
 * CDATA, which a second `]]>` would close (it escapes only the first), so that
 * one is kept from closing by an invisible zero-width space.
 */
function feedText(text: string): string {
  return text.replace(NOT_IN_XML, '').replaceAll(']]>', ']]\u200B>');
}

type FeedKind = keyof typeof FEED_FILES;

/** Plain text as HTML shows it. */
function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

const asText = (text: string) => text;

/** How one feed carries an article's title, summary and author. */
interface ItemWords {
  title: (text: string) => string;
  summary: (text: string) => string;
  byline: (author: string) => Pick<Item, 'author' | 'extensions'>;
}

const asAuthor = (author: string) => ({ author: [{ name: author }] });

/**
 * How each feed carries an article's words. A title and summary are plain
 * text: Atom marks both as HTML (`type="html"`) and RSS takes a description
 * as HTML, so there they are escaped, or a reader would show a title's `<b>`
 * in bold. RSS's `<author>` must be an e-mail address, which the site does
 * not publish, so there the name is Dublin Core's `dc:creator`, as most feeds
 * give it.
 */
const WORDS_IN: Record<FeedKind, ItemWords> = {
  rss: { title: asText, summary: escapeHtml, byline: (author) => ({ extensions: [{ name: 'dc:creator', objects: { _cdata: author } }] }) },
  atom: { title: escapeHtml, summary: escapeHtml, byline: asAuthor },
  json: { title: asText, summary: asText, byline: asAuthor },
};

/** An article as every feed carries it, its body's links made absolute. */
interface FeedEntry {
  article: ArticleWithBody;
  url: string;
  content: string;
}

async function feedEntries(site: SiteIdentity, published: readonly ArticleWithBody[], bodyHtml: (file: string) => Promise<string>): Promise<FeedEntry[]> {
  return Promise.all(
    published.map(async (article) => {
      const url = `${site.siteUrl}${article.url}`;
      return { article, url, content: feedText(absoluteUrls(await bodyHtml(article.sourcePath), site.siteUrl, url)) };
    }),
  );
}

/** Who the feeds are about, and the words of their language. */
interface FeedSubject {
  site: SiteIdentity;
  language: Language;
}

function writeFeed({ site, messages }: { site: SiteIdentity; messages: Messages }, entries: readonly FeedEntry[], kind: FeedKind): Feed {
  const words = WORDS_IN[kind];
  const said = messages.feeds;
  const name = feedText(displayName(site));
  // From the content, not the clock, so that an unchanged site gives unchanged feeds.
  const updated = dayInstant(newestChange(entries.map((entry) => entry.article)) ?? '1970-01-01');
  const feedLinks = Object.fromEntries((Object.keys(FEED_FILES) as FeedKind[]).map((kind) => [kind, `${site.siteUrl}/${feedFile(site.language, kind)}`]));
  const list = `${site.siteUrl}${addressIn(site.language, '/insights')}`;
  const feed = new Feed({
    title: said.title(name),
    description: feedText(said.description({ name, specialty: site.specialty, location: site.location })),
    id: list,
    link: list,
    language: messages.locale,
    // JSON Feed's icon, RSS's image and Atom's logo: a square picture, which the wide sharing image is not.
    image: `${site.siteUrl}/${TOUCH_ICON.file}`,
    favicon: `${site.siteUrl}${site.favicon.url}`,
    copyright: said.copyright(name),
    updated,
    generator: 'physician-site',
    feedLinks,
    author: { name, link: `${site.siteUrl}${addressIn(site.language, '/about')}` },
  });
  for (const { article, url, content } of entries) {
    const dates = { date: dayInstant(lastChanged(article)), published: dayInstant(article.date) };
    const author = article.author === undefined ? name : feedText(article.author);
    feed.addItem({ title: words.title(feedText(article.title)), description: words.summary(feedText(article.summary)), ...words.byline(author), id: url, link: url, content, ...dates });
  }
  return feed;
}

/**
 * The feed package gives its language to RSS alone: Atom says it in the
 * feed's `xml:lang`, and JSON Feed in `language`, a field of version 1.1
 * (1.0 allows no field it does not name), so that a reader that reads
 * aloud or translates knows the words' language.
 */
const IN_LANGUAGE: Record<Exclude<FeedKind, 'rss'>, (feed: Feed, locale: string) => string> = {
  atom: (feed, locale) => feed.atom1().replace(/^(<feed xmlns="[^"]*")>/m, `$1 xml:lang="${locale}">`),
  json: (feed, locale) => JSON.stringify({ ...(JSON.parse(feed.json1()) as object), version: 'https://jsonfeed.org/version/1.1', language: locale }, null, 4),
};

/** The articles the feeds carry: the newest published ones. */
export function feedArticles(articles: readonly Article[]): Article[] {
  const carried: Article[] = [];
  for (const article of articles) {
    if (carried.length === FEED_ITEM_LIMIT) break;
    if (!article.draft) carried.push(article);
  }
  return carried;
}

/**
 * @param subject who the site is about, and the feeds' language
 * @param articles the articles shown, newest first; drafts are left out even of a `--drafts` build
 * @param bodies each body's HTML and the key of its document, by file, and each article with what its body says
 */
export function feedOutputs(subject: FeedSubject, articles: readonly Article[], bodies: { html: (file: string) => Promise<string>; key: (file: string) => string; withBody: (article: Article) => Promise<ArticleWithBody> }, generator: string): Output[] {
  const { site, language } = subject;
  const published = feedArticles(articles);
  const key = entryKey('feeds', generator, language, JSON.stringify(site), ...published.flatMap((article) => [articleJson(article), bodies.key(article.sourcePath)]));
  let entries: Promise<FeedEntry[]> | undefined;
  const messages = messagesFor(language);
  const feedIn = async (kind: FeedKind) => {
    entries ??= Promise.all(published.map((article) => bodies.withBody(article))).then((shown) => feedEntries(site, shown, bodies.html));
    return writeFeed({ site, messages }, await entries, kind);
  };
  return [
    { path: feedFile(language, 'rss'), key: `${key}:rss`, contents: async () => (await feedIn('rss')).rss2() },
    { path: feedFile(language, 'atom'), key: `${key}:atom`, contents: async () => IN_LANGUAGE.atom(await feedIn('atom'), messages.locale) },
    { path: feedFile(language, 'json'), key: `${key}:json`, contents: async () => IN_LANGUAGE.json(await feedIn('json'), messages.locale) },
  ];
}
