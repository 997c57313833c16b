/**
 * The browser editor's own script (out/admin/editor.js), loaded after Sveltia
 * CMS: it gives the editor the content's file formats, which write a file
 * back as the physician wrote it (written-yaml.ts), and the preview in the
 * site's stylesheet, whose address the page's script tag carries.
 *
 * Runs in the editor's page, bundled by the build (build/outputs/editor/).
 */
import type CMS from '@sveltia/cms';
import { EDITOR_FORMATS } from './formats.ts';
import { readMarkdown, writeMarkdown } from './markdown-files.ts';
import { PREVIEW_NOTE_STYLESHEET } from './preview.ts';
import { readYaml, writeYaml } from './written-yaml.ts';

const editor = (window as unknown as { CMS: typeof CMS }).CMS;

/**
 * A YAML file the editor holds one of (the topics, the figures): the text last
 * read or written is kept, so that a save changes only what was changed.
 */
function registerDataFile(format: string): void {
  let written: string | undefined;
  editor.registerCustomFormat(format, 'yaml', {
    fromFile: (text) => {
      written = text;
      return readYaml(text, 'data').data;
    },
    toFile: (data: unknown) => {
      written = writeYaml(data, 'data', written);
      return written;
    },
  });
}

editor.registerCustomFormat(EDITOR_FORMATS.markdown, 'md', { fromFile: readMarkdown, toFile: writeMarkdown });
registerDataFile(EDITOR_FORMATS.topics);
registerDataFile(EDITOR_FORMATS.figures);

const script = document.currentScript;
const stylesheet = script?.dataset.stylesheet;
if (stylesheet !== undefined) editor.registerPreviewStyle(stylesheet);
if (script instanceof HTMLScriptElement) editor.registerPreviewStyle(new URL(PREVIEW_NOTE_STYLESHEET, script.src).href);
