import type { Article, ArticleSummary } from '../../build/model/types.ts';
import type { Messages } from '../messages/index.ts';
import { ArticleDate } from './ArticleDate.tsx';

/** A draft is marked wherever it shows, so a local preview never passes one off as published. */
export function DraftBadge({ article, messages }: { article: Pick<Article, 'draft'>; messages: Messages }) {
  return article.draft ? <span className="badge badge--draft">{messages.article.draft}</span> : null;
}

/**
 * An article's title, date and summary, linking to it: the unit of the
 * Insights list and the home teaser (spec §2).
 *
 * @param headingLevel 2 on the Insights list, 3 inside the home page's section
 */
export function ArticleCard({ article, headingLevel, messages }: { article: ArticleSummary; headingLevel: 2 | 3; messages: Messages }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card">
      <Heading className="card__title">
        <a href={article.url}>{article.title}</a> <DraftBadge article={article} messages={messages} />
      </Heading>
      <p className="card__meta">
        <ArticleDate day={article.date} dates={messages.dates} />
      </p>
      {article.summary !== '' && <p className="card__summary">{article.summary}</p>}
    </article>
  );
}
