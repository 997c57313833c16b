import type { ArticleSummary } from '../../build/model/types.ts';
import { Sentence } from '../components/Sentence.tsx';
import type { PageContext } from '../context.ts';
import { Document } from '../Document.tsx';

/**
 * What answers at an article's file-name address on a plain static host: an
 * immediate redirect to the canonical address, never a second copy of the
 * article (DECISIONS.md "Slug"). The canonical link tells search engines the
 * same; the visible link serves a browser that ignores meta refresh.
 */
export function AliasRedirectPage({ context, article, structuredData }: { context: PageContext; article: ArticleSummary; structuredData: object }) {
  const words = context.messages.redirect;
  return (
    <Document context={context} meta={{ title: article.title, description: article.summary || article.title, path: article.url, noindex: true, redirectTo: article.url, structuredData }}>
      <h1>{words.heading}</h1>
      <p>
        <Sentence pieces={words.movedTo({ link: <a href={article.url}>{article.title}</a> })} />
      </p>
    </Document>
  );
}
