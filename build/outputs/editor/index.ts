/**
 * The browser editor's files in out/admin/: its page, its configuration (made
 * from the content's schemas and the model, config.ts), its own script
 * (build/editor/, which writes the content's files as the physician does),
 * and Sveltia CMS with its fonts (bundle.ts). They are the editor's, not
 * pages of the site: no page links to them, the sitemap and the checks of
 * the pages do not read them, and the host serves them with the editor's own
 * headers (build/host/).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { EDITOR_CONTENT_SECURITY_POLICY } from '../../config.ts';
import { PREVIEW_NOTE_STYLE, PREVIEW_NOTE_STYLESHEET } from '../../editor/preview.ts';
import { EDITOR_FOLDER, EDITOR_CONFIG_FILE } from '../../host/index.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { PROJECT_ROOT } from '../../lib/project-root.ts';
import type { SiteModel } from '../../model/index.ts';
import type { Memory } from '../../memory.ts';
import type { Output } from '../../output.ts';
import { entryKey, type CacheStore } from '../../store/index.ts';
import { packageFiles } from './bundle.ts';
import { editorConfig, type ContentSchemas } from './config.ts';

/** The schemas of content/schemas/, which the configuration is made from: the project's, whatever content folder a build reads. */
const SCHEMA_FILES: Record<keyof ContentSchemas, string> = { article: 'article', site: 'site', siteTranslation: 'site.es', topics: 'education-topics', figures: 'medicare-figures' };

async function contentSchemas(): Promise<ContentSchemas> {
  const read = async (name: string) => JSON.parse(await readFile(path.join(PROJECT_ROOT, 'content', 'schemas', `${name}.schema.json`), 'utf8')) as ContentSchemas['article'];
  const entries = await Promise.all(Object.entries(SCHEMA_FILES).map(async ([key, name]) => [key, await read(name)] as const));
  return Object.fromEntries(entries) as unknown as ContentSchemas;
}

/** Whoever reads out/admin/config.yml learns where it comes from. */
const CONFIG_HEADER = '# The browser editor’s configuration, made by the build from content/schemas/ and the content\n# (build/outputs/editor/config.ts): change those, not this file.\n';

/** Where the editor's page is when no repository is named (a build outside GitHub Actions and any GitHub checkout): its local-repository mode still works. */
const UNKNOWN_REPOSITORY = 'owner/repository';

const address = (file: string) => `/${EDITOR_FOLDER}/${file}`;

function editorPage(model: SiteModel, stylesheetUrl: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${EDITOR_CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(model.site.name)} · Editor</title>
<link rel="cms-config-url" type="application/yaml" href="${address(EDITOR_CONFIG_FILE)}">
</head>
<body>
<script src="${address('sveltia-cms.js')}"></script>
<script src="${address('editor.js')}" data-stylesheet="${escapeHtml(stylesheetUrl)}"></script>
</body>
</html>
`;
}

/** The editor's own script, for browsers that edit files (Chrome and Edge for a local folder, any for GitHub). */
async function editorScript(): Promise<string> {
  // esbuild loads only when the script is to be made, not on each build (test/bench/README.md).
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../../editor/client.ts', import.meta.url))],
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    target: ['chrome110', 'edge110', 'firefox115', 'safari16.4'],
    logLevel: 'silent',
    legalComments: 'none',
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error('esbuild produced no output for the editor script');
  return file.text;
}

export interface EditorInput {
  model: SiteModel;
  /** The site's stylesheet, which the editor's preview of an article uses. */
  stylesheetUrl: string;
  /** The GitHub repository the editor commits to, `owner/name`. */
  repository: string | undefined;
  runtime: { generator: string; store: CacheStore; memory: Memory };
}

/** The configuration's text, made again only when the schemas or what it names of the site change. */
async function configText({ model, repository, runtime }: EditorInput): Promise<string> {
  const schemas = await contentSchemas();
  const site = { name: model.site.name, logoUrl: model.site.logo.url, figureNames: [...model.figures.keys()], repository: repository ?? UNKNOWN_REPOSITORY };
  return runtime.memory.remember(`editor-config:${entryKey(JSON.stringify(schemas), JSON.stringify(site))}`, () => `${CONFIG_HEADER}${stringify(editorConfig(schemas, site), { lineWidth: 0 })}`);
}

/** Every file of out/admin/. */
export async function editorOutputs(input: EditorInput): Promise<Output[]> {
  const { store, generator } = input.runtime;
  const written = (file: string, text: string): Output => ({ path: `${EDITOR_FOLDER}/${file}`, key: `editor:${entryKey(text)}`, contents: () => Promise.resolve(text) });
  // The package's files and the script change only with the generator, whose version covers the lockfile: each is made once and kept in the cache.
  const made = [...packageFiles(), { path: 'editor.js', contents: editorScript }].map(({ path: file, contents }): Output => {
    const key = `editor:${generator}:${file}`;
    return { path: `${EDITOR_FOLDER}/${file}`, key, contents: () => store.getOrMake('editor-file', entryKey(key), async () => Buffer.from(await contents())) };
  });
  return [written('index.html', editorPage(input.model, input.stylesheetUrl)), written(EDITOR_CONFIG_FILE, await configText(input)), written(PREVIEW_NOTE_STYLESHEET, `${PREVIEW_NOTE_STYLE}\n`), ...made];
}
