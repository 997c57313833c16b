import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';
import { childElements } from './elements.ts';
import type { MarkdownWords } from './words.ts';

/** remark-rehype's links back from a footnote to the places that call it, in order. */
function backReferences(footnote: Element): Element[] {
  const found: Element[] = [];
  visit(footnote, 'element', (link) => {
    if (link.tagName === 'a' && link.properties.dataFootnoteBackref !== undefined) found.push(link);
  });
  return found;
}

/**
 * The footnotes' words in the page's language: remark-rehype writes its own
 * in English ("Footnotes" for screen readers, "Back to reference 1" on each
 * ↩ link), for every page alike. The section's heading gets the words'
 * `footnotes`, and each back-reference, numbered as remark-rehype numbers it
 * (the footnote's place, then `-2` for its second call), `backToReference`.
 * The words come in the file's `data.words`.
 */
export function rehypeFootnoteWords() {
  return (tree: Root, file: VFile): undefined => {
    const words = file.data.words as MarkdownWords;
    visit(tree, 'element', (section) => {
      if (section.tagName !== 'section' || section.properties.dataFootnotes === undefined) return;
      for (const heading of childElements(section, 'h2')) heading.children = [{ type: 'text', value: words.footnotes }];
      childElements(section, 'ol')
        .flatMap((list) => childElements(list, 'li'))
        .forEach((footnote, place) => {
          backReferences(footnote).forEach((link, call) => {
            link.properties.ariaLabel = `${words.backToReference} ${place + 1}${call > 0 ? `-${call + 1}` : ''}`;
          });
        });
    });
  };
}
