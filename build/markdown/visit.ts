/**
 * Calls a function for every node of one type in a markdown or HTML syntax
 * tree, parents before children. The function may replace the node at its
 * place; what it puts there is not walked into. This is unist-util-visit
 * without its one costly habit: version 5 names its visiting function anew
 * for every node it passes, for readable stack traces, which made its walks
 * a large part of processing a body (see test/bench/README.md).
 */
import type { Nodes as HastNodes, Parents as HastParents } from 'hast';
import type { Nodes as MdastNodes, Parents as MdastParents } from 'mdast';

type SyntaxNode = MdastNodes | HastNodes;
type SyntaxParent = MdastParents | HastParents;

export function visit<Type extends SyntaxNode['type']>(tree: SyntaxNode, types: Type | readonly Type[], visitor: (node: Extract<SyntaxNode, { type: Type }>, index: number, parent: SyntaxParent) => void): void {
  if (!('children' in tree)) return;
  const wanted: readonly string[] = typeof types === 'string' ? [types] : types;
  const children: readonly SyntaxNode[] = tree.children;
  for (let index = 0; index < children.length; index++) {
    const child = children[index] as SyntaxNode;
    if (wanted.includes(child.type)) visitor(child as Extract<SyntaxNode, { type: Type }>, index, tree);
    if (children[index] === child) visit(child, wanted as readonly Type[], visitor);
  }
}
