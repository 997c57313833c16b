/**
 * The file formats the editor's own script (client.ts) reads and writes, by
 * the names the configuration gives its files (build/outputs/editor/config.ts),
 * so that a saved file keeps the physician's way of writing it: field order,
 * quotes, comments and blank lines, with no empty field added.
 */
// The editor takes a `.md` file's format for front matter only by a name ending in -frontmatter.
export const EDITOR_FORMATS = { markdown: 'physician-frontmatter', topics: 'physician-topics', figures: 'physician-figures' } as const;
