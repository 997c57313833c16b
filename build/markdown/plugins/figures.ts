import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { FIGURE_TOKEN } from '../../lib/figure-token.ts';
import { visit } from '../visit.ts';

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
 * of a body and its images' text alternatives, so that a yearly amount is written once, in the figures file,
 * and quoted everywhere. Code is left alone: an article may show the syntax
 * itself. The values come in the file's `data.figures`; what was quoted goes
 * to its `data.quoted`.
 */
export function remarkFigures() {
  return (tree: Root, file: VFile): undefined => {
    const values = (file.data.figures ?? new Map()) as ReadonlyMap<string, string>;
    const used = new Map<string, NameQuote>();
    const unknown: NameQuote[] = [];
    // A text runs over the lines of its paragraph: a quote's line is the text's first and the line ends before it.
    const filled = (text: string, firstLine: number | undefined) =>
      text.replace(FIGURE_TOKEN, (token, name: string, offset: number) => {
        const line = firstLine === undefined ? undefined : firstLine + (text.slice(0, offset).match(/\n/g)?.length ?? 0);
        const value = values.get(name);
        if (value === undefined) unknown.push({ name, line });
        else if (!used.has(name)) used.set(name, { name, line });
        return value ?? token;
      });
    // An image's text alternative is read out in place of the image, so it is text too.
    visit(tree, ['text', 'image'], (node) => {
      if (node.type === 'text') node.value = filled(node.value, node.position?.start.line);
      else if (node.alt) node.alt = filled(node.alt, node.position?.start.line);
    });
    file.data.quoted = { used: [...used.values()], unknown } satisfies QuotedNames;
  };
}
