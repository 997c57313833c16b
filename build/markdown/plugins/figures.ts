import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';

/** `{{partDOutOfPocketCap2026}}`, with optional spaces inside the braces. */
const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** What a body quotes: the figures found, in order of first use, and each unknown name with its line. */
export interface QuotedNames {
  used: string[];
  unknown: { name: string; line: number | undefined }[];
}

/**
 * Puts the value of each named figure in place of its `{{name}}` in the text
 * of a body, so that a yearly amount is written once, in the figures file,
 * and quoted everywhere. Code is left alone: an article may show the syntax
 * itself. The values come in the file's `data.figures`; what was quoted goes
 * to its `data.quoted`.
 */
export function remarkFigures() {
  return (tree: Root, file: VFile): undefined => {
    const values = (file.data.figures ?? new Map()) as ReadonlyMap<string, string>;
    const used = new Set<string>();
    const unknown: QuotedNames['unknown'] = [];
    visit(tree, 'text', (node) => {
      node.value = node.value.replace(TOKEN, (token, name: string) => {
        const value = values.get(name);
        if (value === undefined) unknown.push({ name, line: node.position?.start.line });
        else used.add(name);
        return value ?? token;
      });
    });
    file.data.quoted = { used: [...used], unknown } satisfies QuotedNames;
  };
}
