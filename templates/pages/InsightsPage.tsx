import type { ArticleSummary } from '../../build/model/types.ts';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { displayName, inPageLanguage, type PageContext } from '../context.ts';
import { Document } from '../Document.tsx';

/** Every published article, newest first, with its summary and US-format date (spec §2 Insights list). */
export function InsightsPage({ context, articles, structuredData }: { context: PageContext; articles: readonly ArticleSummary[]; structuredData: object }) {
  const { messages } = context;
  const words = messages.insights;
  return (
    <Document context={context} meta={{ title: words.title, description: words.description(displayName(context.site)), path: inPageLanguage(context, '/insights'), structuredData }}>
      <h1>{words.heading}</h1>
      <p className="lead">{words.lead}</p>
      {articles.length === 0 ? (
        <p>{words.empty}</p>
      ) : (
        <ol className="article-list">
          {articles.map((article) => (
            <li key={article.url}>
              <ArticleCard article={article} headingLevel={2} messages={messages} />
            </li>
          ))}
        </ol>
      )}
    </Document>
  );
}
