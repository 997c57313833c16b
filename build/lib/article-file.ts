/**
 * Whether a file of the insights folder is an article: its name ends in
 * `.md`, in any case. Every other file there is skipped with a warning.
 *
 * @param name the file's name or path
 */
export function isArticleFile(name: string): boolean {
  return name.toLowerCase().endsWith('.md');
}
