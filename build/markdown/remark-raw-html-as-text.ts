import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';

/**
 * Shows raw HTML written in markdown as the text the author typed, instead of
 * interpreting it (spec §5) or silently dropping it (remark-rehype's default).
 * A physician who types `<b>` sees `<b>` on the page and can fix it; a pasted
 * `<script>` never runs. The html node becomes a text node with the same value,
 * which React escapes.
 */
export function remarkRawHtmlAsText() {
  return (tree: Root): undefined => {
    visit(tree, 'html', (node, index, parent) => {
      if (parent === undefined || index === undefined) return;
      parent.children[index] = { type: 'text', value: node.value, position: node.position } as never;
    });
  };
}
