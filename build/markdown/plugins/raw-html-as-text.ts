import type { Paragraph, Root, Text } from 'mdast';
import { PHRASING_PARENTS } from '../facts.ts';
import { visit } from '../visit.ts';

/**
 * Shows raw HTML written in markdown as the text the author typed, instead of
 * interpreting it (spec §5) or silently dropping it (remark-rehype's default).
 * A physician who types `<b>` sees `<b>` on the page and can fix it; a pasted
 * `<script>` never runs. Inline HTML becomes text in its paragraph; a block of
 * HTML becomes a paragraph of its own, so it reads like the text around it.
 */
export function remarkRawHtmlAsText() {
  return (tree: Root): undefined => {
    visit(tree, 'html', (node, index, parent) => {
      const text: Text = { type: 'text', value: node.value, position: node.position };
      const paragraph: Paragraph = { type: 'paragraph', children: [text], position: node.position };
      parent.children[index] = PHRASING_PARENTS.has(parent.type) ? text : paragraph;
    });
  };
}
