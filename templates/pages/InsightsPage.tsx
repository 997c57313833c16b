import type { ArticleSummary } from '../../build/model/types.ts';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { displayName, type PageContext } from '../context.ts';
import { Document } from '../Document.tsx';

/** Every published article, newest first, with its summary and US-format date (spec §2 Insights list). */
export function InsightsPage({ context, articles, structuredData }: { context: PageContext; articles: readonly ArticleSummary[]; structuredData: object }) {
  const name = displayName(context.site);
  return (
    <Document context={context} meta={{ title: 'Insights', description: `Articles by ${name} on Medicare, insurance and everyday health.`, path: '/insights', structuredData }}>
      <h1>Physician’s Insights</h1>
      <p className="lead">Plain-language articles on Medicare, insurance and everyday health. They are educational, not personal advice.</p>
      {articles.length === 0 ? (
        <p>There are no articles yet.</p>
      ) : (
        <ol className="article-list">
          {articles.map((article) => (
            <li key={article.url}>
              <ArticleCard article={article} headingLevel={2} />
            </li>
          ))}
        </ol>
      )}
    </Document>
  );
}
