import type { PageContext } from '../context.ts';
import { Document } from '../Document.tsx';

/** The spec's view for an unknown article address (spec §2 Article, §8). */
function ArticleNotFound() {
  return (
    <div className="not-found">
      <h1>Article not found</h1>
      <p>The requested article could not be located.</p>
      <p>
        <a className="button" href="/insights">
          ← Back to Insights
        </a>
      </p>
    </div>
  );
}

function PageNotFound() {
  return (
    <div className="not-found" data-page-not-found="">
      <h1>Page not found</h1>
      <p>Sorry, there is no page at this address. It may have moved, or the link may have a typing mistake.</p>
      <ul className="not-found__links">
        <li>
          <a href="/">Go to the home page</a>
        </li>
        <li>
          <a href="/insights">Read the Insights articles</a>
        </li>
        <li>
          <a href="/education">Find a patient handout</a>
        </li>
      </ul>
    </div>
  );
}

/** The page served, with status 404, for an unknown address under /insights/. */
export function ArticleNotFoundPage({ context, structuredData }: { context: PageContext; structuredData: object }) {
  return (
    <Document context={context} meta={{ title: 'Article not found', description: 'The requested article could not be located.', path: '/insights/404', noindex: true, canonical: false, structuredData }}>
      <ArticleNotFound />
    </Document>
  );
}

/**
 * The page served, with status 404, for any other unknown address. Hosts
 * that allow only one error page serve this one everywhere; there the widget
 * script replaces it with the article page under /insights/ (see widgets.ts).
 */
export function PageNotFoundPage({ context, structuredData }: { context: PageContext; structuredData: object }) {
  return (
    <Document context={context} meta={{ title: 'Page not found', description: 'There is no page at this address.', path: '/404', noindex: true, canonical: false, structuredData }}>
      <PageNotFound />
    </Document>
  );
}
