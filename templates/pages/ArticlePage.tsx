import { addressMark } from '../../build/lib/link-text.ts';
import { freshnessAttributes, type Notice, type NoticeFacts } from '../../build/lib/review-notice.ts';
import type { ArticleSummary, ArticleWithBody, Language } from '../../build/model/types.ts';
import { DraftBadge } from '../components/ArticleCard.tsx';
import { ArticleDate } from '../components/ArticleDate.tsx';
import { FreshnessNotice } from '../components/FreshnessNotice.tsx';
import { Prose } from '../components/Prose.tsx';
import { Sentence } from '../components/Sentence.tsx';
import { displayName, inPageLanguage, type PageContext } from '../context.ts';
import { Document } from '../Document.tsx';
import { messagesFor, type Messages } from '../messages/index.ts';

/** The original of a translation made from an earlier version of it, where its page is shown: its language and address. */
type UpdatedOriginal = { language: Language; url: string };

interface ArticlePageProps {
  context: PageContext;
  article: ArticleWithBody;
  /** The body, as HTML. */
  bodyHtml: string;
  /** The newer neighbour. */
  previous: ArticleSummary | undefined;
  /** The older neighbour. */
  next: ArticleSummary | undefined;
  /** The article's own sharing image. */
  image: { url: string; width: number; height: number };
  structuredData: object;
  /** What the page says of its review and figures (for the script), and the notice when the build already knows the article may be out of date. */
  freshness: { facts: NoticeFacts; notice: Notice | undefined };
  /** For a translation made from an earlier version of its original, where the original's page is shown: its readers are told so, with a link to it. */
  updatedOriginal: UpdatedOriginal | undefined;
}

/**
 * Links to the neighbouring articles, shown above and below the article
 * (spec §2 Article): "Previous" goes to the newer one and "Next" to the
 * older, and each says so ("Newer", "Older") above the neighbour's title,
 * which is visible text (a touch screen has no hover) and so also the link's
 * accessible name. The `title` keeps the spec's hover text.
 */
function ArticleNeighbours({ previous, next, label, words }: { previous?: ArticleSummary; next?: ArticleSummary; label: string; words: Messages['article'] }) {
  if (!previous && !next) return null;
  return (
    <nav className="article-nav" aria-label={label}>
      {previous && (
        <a className="article-nav__link article-nav__link--previous" href={previous.url} title={previous.title} rel="prev">
          <span className="article-nav__label">
            <span aria-hidden="true">←</span> {words.previous}
          </span>
          <span className="article-nav__title">{previous.title}</span>
        </a>
      )}
      {next && (
        <a className="article-nav__link article-nav__link--next" href={next.url} title={next.title} rel="next">
          <span className="article-nav__label">
            {words.next} <span aria-hidden="true">→</span>
          </span>
          <span className="article-nav__title">{next.title}</span>
        </a>
      )}
    </nav>
  );
}

/** The years of an article's figures in words: "2026", or "2025 and 2026". */
function figureYears(article: ArticleWithBody, messages: Messages): string {
  const years = [...new Set(article.figures.map((figure) => figure.year))].sort();
  return messages.lists.and(years.map(String));
}

/** "The English original of this article was updated after this translation. Read the English version.", in the page's language, the link leading to the original in its own. */
function OriginalUpdatedNotice({ context, original }: { context: PageContext; original: UpdatedOriginal }) {
  const words = context.messages.article;
  const language = context.messages.language.names[original.language];
  const link = (text: string) => (
    <a href={original.url} hrefLang={original.language}>
      {text}
    </a>
  );
  return (
    <div className="translation-notice" role="note" data-translation-notice="original-updated">
      <p>
        <strong>{words.originalUpdated(language)}</strong>
        <Sentence pieces={words.readOriginal({ language, link })} />
      </p>
    </div>
  );
}

/** Near the top, where the article has translations: a link to each, in its own language's words, but the one a notice above already links. */
function TranslationLinks({ context, linked }: { context: PageContext; linked: Language | undefined }) {
  const translations = context.alternates.translations.filter((translation) => translation.language !== context.language && translation.language !== linked);
  if (translations.length === 0) return null;
  return (
    <p className="article__translations">
      {translations.map(({ language, url }) => (
        <a key={language} href={url} lang={messagesFor(language).locale} hrefLang={language}>
          {messagesFor(language).language.articleInIt}
        </a>
      ))}
    </p>
  );
}

/** Who translated the article and who reviewed the translation, where it names either: only a translation does (the model sees to it). */
function TranslationCredit({ article, words }: { article: ArticleWithBody; words: Messages['article'] }) {
  const { translatedBy: translator, translationReviewedBy: reviewer } = article;
  const credit = translator !== undefined ? { translator, reviewer } : reviewer !== undefined ? { reviewer } : undefined;
  return credit === undefined ? null : <span>{words.translated(credit)}</span>;
}

/** The article's title, long date and reading time, who wrote, reviewed and translated it, the notice when it may be out of date, and the one when its original changed since it was translated. */
function ArticleHeader({ context, article, notice, original }: { context: PageContext; article: ArticleWithBody; notice: Notice | undefined; original: UpdatedOriginal | undefined }) {
  const { messages } = context;
  const words = messages.article;
  return (
    <header className="article__header">
      <DraftBadge article={article} messages={messages} />
      <h1>{article.title}</h1>
      <p className="article__meta">
        <ArticleDate day={article.date} dates={messages.dates} long />
        <span aria-hidden="true"> · </span>
        <span>{words.readingTime(article.readingMinutes)}</span>
      </p>
      <p className="article__trust">
        <span>{words.writtenBy(article.author ?? displayName(context.site))}</span>
        <span>
          <Sentence pieces={words.lastReviewed({ day: <ArticleDate day={article.lastReviewed} dates={messages.dates} long />, reviewer: article.reviewedBy ?? displayName(context.site) })} />
        </span>
        <TranslationCredit article={article} words={words} />
        {article.figures.length > 0 && <span>{words.figureYears(figureYears(article, messages))}</span>}
      </p>
      <FreshnessNotice notice={notice} />
      {original !== undefined && <OriginalUpdatedNotice context={context} original={original} />}
      <TranslationLinks context={context} linked={original?.language} />
    </header>
  );
}

/** One Insights article: title, long date, reading time, body, neighbours and ways back (spec §2 Article). */
export function ArticlePage({ context, article, bodyHtml, previous, next, image, structuredData, freshness, updatedOriginal }: ArticlePageProps) {
  const { messages } = context;
  const words = messages.article;
  const author = article.author ?? displayName(context.site);
  return (
    <Document
      context={context}
      meta={{
        title: article.title,
        description: article.summary || article.title,
        path: article.url,
        type: 'article',
        noindex: article.draft,
        published: article.date,
        image: { ...image, alt: words.imageAlt({ title: article.title, author }) },
        structuredData,
      }}
    >
      <article className="article" {...freshnessAttributes(freshness.facts)}>
        <ArticleNeighbours previous={previous} next={next} label={words.neighboursAbove} words={words} />
        <ArticleHeader context={context} article={article} notice={freshness.notice} original={updatedOriginal} />
        <Prose html={bodyHtml} />
        {article.allSources.length > 0 && (
          <section className="article__sources" aria-labelledby="sources-title">
            <h2 id="sources-title">{words.sources}</h2>
            <ol>
              {article.allSources.map((source) => (
                <li key={source.url}>
                  <a href={source.url} {...addressMark(source.title, source.url)}>{source.title}</a>
                </li>
              ))}
            </ol>
          </section>
        )}
        <ArticleNeighbours previous={previous} next={next} label={words.neighboursBelow} words={words} />
        <p className="article__actions">
          <a className="button button--secondary" href="#top">
            <span aria-hidden="true">↑</span> {messages.document.backToTop}
          </a>
          <a className="button" href={inPageLanguage(context, '/insights')}>
            {words.allInsights}
          </a>
        </p>
      </article>
    </Document>
  );
}
