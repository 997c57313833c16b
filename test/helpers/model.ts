/**
 * Article files' text made into articles by the parse and model stages, as
 * a build makes them, for the model's tests.
 */
import assert from 'node:assert/strict';
import type { ContentDiagnostic } from '../../build/diagnostics/index.ts';
import { digestOf } from '../../build/load/index.ts';
import { modelArticle } from '../../build/model/articles.ts';
import type { Article } from '../../build/model/index.ts';
import { parseFrontMatter } from '../../build/parse/front-matter.ts';

/** An article file's text modelled as the build models it, with what the build says about it. */
export function model(text: string, path = 'content/insights/some-file.md'): { article: Article | undefined; diagnostics: ContentDiagnostic[] } {
  const result = parseFrontMatter({ path, text, digest: digestOf(text) });
  assert.ok('parsed' in result, `parse failed: ${'diagnostic' in result ? result.diagnostic.message : ''}`);
  const diagnostics: ContentDiagnostic[] = [];
  const article = modelArticle(result.parsed, (diagnostic) => diagnostics.push(diagnostic));
  return { article, diagnostics };
}

/** An article file's text modelled, where it is known to make an article. */
export function articleOf(text: string, path?: string): Article {
  const { article, diagnostics } = model(text, path);
  assert.ok(article, `no article: ${diagnostics.map((d) => d.message).join(' ')}`);
  return article;
}
