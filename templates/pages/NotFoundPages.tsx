import type { PageContext } from '../context.ts';
import { Document } from '../Document.tsx';
import type { Messages } from '../messages/index.ts';

/** The spec's view for an unknown article address (spec §2 Article, §8). */
function ArticleNotFound({ words }: { words: Messages['notFound']['article'] }) {
  return (
    <div className="not-found">
      <h1>{words.title}</h1>
      <p>{words.text}</p>
      <p>
        <a className="button" href="/insights">
          {words.back}
        </a>
      </p>
    </div>
  );
}

function PageNotFound({ words }: { words: Messages['notFound']['page'] }) {
  return (
    <div className="not-found" data-page-not-found="">
      <h1>{words.title}</h1>
      <p>{words.text}</p>
      <ul className="not-found__links">
        <li>
          <a href="/">{words.home}</a>
        </li>
        <li>
          <a href="/insights">{words.insights}</a>
        </li>
        <li>
          <a href="/education">{words.education}</a>
        </li>
      </ul>
    </div>
  );
}

/** The page served, with status 404, for an unknown address under /insights/. */
export function ArticleNotFoundPage({ context, structuredData }: { context: PageContext; structuredData: object }) {
  const words = context.messages.notFound.article;
  return (
    <Document context={context} meta={{ title: words.title, description: words.text, path: '/insights/404', noindex: true, canonical: false, structuredData }}>
      <ArticleNotFound words={words} />
    </Document>
  );
}

/**
 * The page served, with status 404, for any other unknown address. Hosts
 * that allow only one error page serve this one everywhere; there the widget
 * script replaces it with the article page under /insights/ (see widgets.ts).
 */
export function PageNotFoundPage({ context, structuredData }: { context: PageContext; structuredData: object }) {
  const words = context.messages.notFound.page;
  return (
    <Document context={context} meta={{ title: words.title, description: words.description, path: '/404', noindex: true, canonical: false, structuredData }}>
      <PageNotFound words={words} />
    </Document>
  );
}
