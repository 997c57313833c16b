/**
 * Which files of the insights folder are articles: every `.md` file in it and
 * its subfolders, following folder links, except a link that leads back into
 * a folder that holds it, which is reported once, by name, and not followed.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { isArticleFile } from '../lib/article-file.ts';

/** True when `inner` is `outer` or a folder inside it. */
function isWithin(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(`${outer}${path.sep}`);
}

/**
 * @param folder a folder to list
 * @param chain the real paths of the folders being listed, outermost first
 */
async function listFolder(folder: string, chain: readonly string[], report: (diagnostic: ContentDiagnostic) => void): Promise<string[]> {
  const entries = await fg('**/*', { cwd: folder, onlyFiles: false, markDirectories: true, followSymbolicLinks: false, dot: false, objectMode: true });
  const files: string[] = [];
  for (const entry of entries) {
    const entryPath = path.join(folder, entry.path);
    if (entry.path.endsWith('/')) continue;
    const target = entry.dirent.isSymbolicLink() ? await stat(entryPath).catch(() => undefined) : undefined;
    if (!target?.isDirectory()) {
      files.push(entryPath);
      continue;
    }
    const real = await realpath(entryPath);
    const linkFolder = await realpath(path.dirname(entryPath));
    if (chain.includes(real) || isWithin(linkFolder, real)) report(problem('folderLoop', { file: entryPath }, { target: real }));
    else files.push(...(await listFolder(entryPath, [...chain, real], report)));
  }
  return files;
}

/**
 * The article files of the insights folder, sorted by path, and a warning
 * for each other file there.
 *
 * @param insightsDir the insights folder
 * @param report where problems go
 */
export async function listArticleFiles(insightsDir: string, report: (diagnostic: ContentDiagnostic) => void): Promise<string[]> {
  const root = await realpath(insightsDir).catch(() => undefined);
  if (root === undefined) {
    report(problem('missingFile', { file: insightsDir }));
    return [];
  }
  const files = await listFolder(insightsDir, [root], report);
  for (const file of files) if (!isArticleFile(file)) report(problem('ignoredFile', { file }));
  return files.filter((file) => isArticleFile(file)).sort();
}
