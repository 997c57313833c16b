import { inPageLanguage, type PageContext } from '../context.ts';
import { Document } from '../Document.tsx';
import type { Messages } from '../messages/index.ts';

/** The spec's view for an unknown article address (spec §2 Article, §8). */
function ArticleNotFound({ words, context }: { words: Messages['notFound']['article']; context: PageContext }) {
  return (
    <div className="not-found">
      <h1>{words.title}</h1>
      <p>{words.text}</p>
      <p>
        <a className="button" href={inPageLanguage(context, '/insights')}>
          {words.back}
        </a>
      </p>
    </div>
  );
}

function PageNotFound({ words, context }: { words: Messages['notFound']['page']; context: PageContext }) {
  return (
    <div className="not-found" data-page-not-found="">
      <h1>{words.title}</h1>
      <p>{words.text}</p>
      <ul className="not-found__links">
        <li>
          <a href={inPageLanguage(context, '/')}>{words.home}</a>
        </li>
        <li>
          <a href={inPageLanguage(context, '/insights')}>{words.insights}</a>
        </li>
        <li>
          <a href={inPageLanguage(context, '/education')}>{words.education}</a>
        </li>
      </ul>
    </div>
  );
}

/** The page served, with status 404, for an unknown address under /insights/. */
export function ArticleNotFoundPage({ context, structuredData }: { context: PageContext; structuredData: object }) {
  const words = context.messages.notFound.article;
  return (
    <Document context={context} meta={{ title: words.title, description: words.text, path: inPageLanguage(context, '/insights/404'), noindex: true, canonical: false, structuredData }}>
      <ArticleNotFound words={words} context={context} />
    </Document>
  );
}

/**
 * The page served, with status 404, for any other unknown address. Hosts
 * that allow only one error page serve this one everywhere; there the widget
 * script replaces it with the page the host's rule names: the article view
 * under /insights/, the page of another language under its folder (see widgets.ts).
 */
export function PageNotFoundPage({ context, structuredData }: { context: PageContext; structuredData: object }) {
  const words = context.messages.notFound.page;
  return (
    <Document context={context} meta={{ title: words.title, description: words.description, path: inPageLanguage(context, '/404'), noindex: true, canonical: false, structuredData }}>
      <PageNotFound words={words} context={context} />
    </Document>
  );
}
