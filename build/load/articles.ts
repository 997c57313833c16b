/**
 * Which files of the insights folder are articles: every `.md` file in it and
 * its subfolders, following folder links, except a link that leads back into
 * a folder that holds it, which is reported once, by name, and not followed.
 */
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { isArticleFile } from '../lib/article-file.ts';
import { filesFollowingLinks } from './folder-links.ts';

/**
 * The article files of the insights folder, sorted by path, and a warning
 * for each other file there.
 *
 * @param insightsDir the insights folder
 * @param report where problems go
 */
export async function listArticleFiles(insightsDir: string, report: (diagnostic: ContentDiagnostic) => void): Promise<string[]> {
  const files = await filesFollowingLinks(insightsDir, { patterns: ['**/*'], loop: (file, target) => problem('folderLoop', { file }, { target }) }, report);
  if (files === undefined) {
    report(problem('missingInsightsFolder', { file: insightsDir }));
    return [];
  }
  for (const file of files) if (!isArticleFile(file)) report(problem('ignoredFile', { file }));
  return files.filter((file) => isArticleFile(file)).sort();
}
