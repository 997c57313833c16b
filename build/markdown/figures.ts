import type { Root } from 'mdast';
import { eachNode } from './walk.ts';

/** `{{partDOutOfPocketCap2026}}`, with optional spaces inside the braces. */
const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/**
 * Puts the value of each named figure in place of its `{{name}}` in the text
 * of a markdown tree, so that a yearly amount is written once, in the figures
 * file, and quoted everywhere. Code is left alone: an article may show the
 * syntax itself.
 *
 * @param tree the parsed body, changed in place
 * @param values figure values by name
 * @returns the names used, in order of first use, and each unknown name with its line
 */
export function insertFigures(tree: Root, values: ReadonlyMap<string, string>): { used: string[]; unknown: { name: string; line: number | undefined }[] } {
  const used = new Set<string>();
  const unknown: { name: string; line: number | undefined }[] = [];
  eachNode(tree, 'text', (node) => {
    node.value = node.value.replace(TOKEN, (token, name: string) => {
      const value = values.get(name);
      if (value === undefined) {
        unknown.push({ name, line: node.position?.start.line });
        return token;
      }
      used.add(name);
      return value;
    });
  });
  return { used: [...used], unknown };
}
