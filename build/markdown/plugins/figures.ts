import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';

/** `{{partDOutOfPocketCap2026}}`, with optional spaces inside the braces. */
const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** A name quoted in a body, and the line of the body where it is. */
export interface NameQuote {
  name: string;
  line: number | undefined;
}

/** What a body quotes: each figure found at its first use, in order, and each unknown name wherever it is. */
export interface QuotedNames {
  used: NameQuote[];
  unknown: NameQuote[];
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
    const used = new Map<string, NameQuote>();
    const unknown: NameQuote[] = [];
    visit(tree, 'text', (node) => {
      node.value = node.value.replace(TOKEN, (token, name: string) => {
        const value = values.get(name);
        const quote = { name, line: node.position?.start.line };
        if (value === undefined) unknown.push(quote);
        else if (!used.has(name)) used.set(name, quote);
        return value ?? token;
      });
    });
    file.data.quoted = { used: [...used.values()], unknown } satisfies QuotedNames;
  };
}
