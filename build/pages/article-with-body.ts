/** An article with what its body says, as its page, the feeds and the structured data show it. */
import { readingMinutes } from '../lib/reading-time.ts';
import { sourceLine, type DocumentFacts } from '../markdown/index.ts';
import type { Article, ArticleSource, ArticleWithBody, Figure } from '../model/index.ts';

/**
 * @param article the article, from its front matter
 * @param facts what the markdown stage found in its body
 * @param figures the site's year-bound figures, by name
 */
export function articleWithBody(article: Article, facts: DocumentFacts, figures: ReadonlyMap<string, Figure>): ArticleWithBody {
  const quoted = facts.figuresUsed.flatMap(({ name, line }) => {
    const figure = figures.get(name);
    return figure === undefined ? [] : [{ figure, line: sourceLine(article.bodyStartLine, line) }];
  });
  const allSources: ArticleSource[] = [...article.sources];
  for (const { figure } of quoted) if (!allSources.some((source) => source.url === figure.source.url)) allSources.push(figure.source);
  return {
    ...article,
    wordCount: facts.wordCount,
    readingMinutes: readingMinutes(facts.wordCount),
    figures: quoted.map(({ figure: { name, value, year }, line }) => ({ name, value, year, line })),
    allSources,
  };
}
