/**
 * The markdown stage's tree walk (build/markdown/walk.ts): which nodes it
 * visits and in what order, and what a visitor may do on the way.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Element, Root } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { eachNode, EXIT, SKIP } from '../build/markdown/walk.ts';

const element = (tagName: string, children: Element['children'] = []): Element => ({ type: 'element', tagName, properties: {}, children });
const sample = (): Root => ({
  type: 'root',
  children: [element('p', [{ type: 'text', value: 'a' }, element('em', [{ type: 'text', value: 'b' }])]), element('ul', [element('li', [{ type: 'text', value: 'c' }])])],
});

test('every node of the given types, each before its children, with its place in its parent', () => {
  const tree = sample();
  const seen: string[] = [];
  eachNode(tree, ['element', 'text'], (node, index, parent) => {
    seen.push(`${node.type === 'element' ? node.tagName : node.value}@${index ?? '-'} in ${parent === undefined ? 'nothing' : parent.type === 'element' ? parent.tagName : parent.type}`);
  });
  assert.deepEqual(seen, ['p@0 in root', 'a@0 in p', 'em@1 in p', 'b@0 in em', 'ul@1 in root', 'li@0 in ul', 'c@0 in li']);
  const texts: string[] = [];
  eachNode(tree, 'text', (node) => {
    texts.push(node.value);
  });
  assert.deepEqual(texts, ['a', 'b', 'c']);
});

/** The elements a walk of the sample visits when the visitor answers `action` for one of them, and what the walk answers. */
function walkAnswering(tagName: string, action: typeof SKIP | typeof EXIT): { visited: string[]; completed: boolean } {
  const visited: string[] = [];
  const completed = eachNode(sample(), 'element', (node) => {
    visited.push(node.tagName);
    return node.tagName === tagName ? action : undefined;
  });
  return { visited, completed };
}

test('SKIP leaves a node’s children out, EXIT stops the walk and makes it answer false', () => {
  assert.deepEqual(walkAnswering('p', SKIP), { visited: ['p', 'ul', 'li'], completed: true });
  assert.deepEqual(walkAnswering('em', EXIT), { visited: ['p', 'em'], completed: false });
});

test('a visitor may replace its node at its place, or change its children before they are walked', () => {
  const tree = sample();
  const seen: string[] = [];
  eachNode(tree, 'element', (node, index, parent) => {
    seen.push(node.tagName);
    if (node.tagName === 'em' && parent !== undefined && index !== undefined) {
      parent.children[index] = element('strong', [element('img')]);
      return SKIP;
    }
    if (node.tagName === 'ul') node.children.push(element('li', [element('code')]));
    return undefined;
  });
  assert.deepEqual(seen, ['p', 'em', 'ul', 'li', 'li', 'code'], 'the replacement is not walked; the added item is');
  assert.equal((tree.children[0] as Element).children[1]?.type === 'element' && ((tree.children[0] as Element).children[1] as Element).tagName, 'strong');
});

test('it walks markdown trees as well', () => {
  const tree: MdastRoot = { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'link', url: '/a', children: [{ type: 'text', value: 'x' }] }] }, { type: 'definition', identifier: 'r', label: 'r', url: '/b', title: null }] };
  const urls: string[] = [];
  eachNode(tree, ['link', 'definition'], (node) => {
    urls.push(node.url);
  });
  assert.deepEqual(urls, ['/a', '/b']);
});
