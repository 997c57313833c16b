import { readdirSync, readFileSync } from 'node:fs';
import frontMatter from 'front-matter';
import * as jsxRuntime from 'react/jsx-runtime';
import rehypeReact from 'rehype-react';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { renderToStaticMarkup } from 'react-dom/server';
const dir = '/tmp/corpus/c1000';
const bodies = readdirSync(dir).slice(0, 400).map((f) => frontMatter<unknown>(readFileSync(`${dir}/${f}`, 'utf8')).body);
const walker = () => (tree: any) => { visit(tree, 'element', (n: any) => { if (n.tagName === 'img') n.properties.loading = 'lazy'; }); };
const p = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(walker).use(walker).use(walker).use(walker).use(walker).use(rehypeReact, { Fragment: jsxRuntime.Fragment, jsx: jsxRuntime.jsx, jsxs: jsxRuntime.jsxs }).freeze();
const p0 = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeReact, { Fragment: jsxRuntime.Fragment, jsx: jsxRuntime.jsx, jsxs: jsxRuntime.jsxs }).freeze();
for (let round = 0; round < 3; round++) {
  let t = performance.now();
  const trees = bodies.map((b) => p.parse(b));
  const parse = (performance.now() - t) / bodies.length;
  t = performance.now();
  const hasts = trees.map((tr) => p0.runSync(structuredClone(tr)));
  const mdhast = (performance.now() - t) / bodies.length;
  t = performance.now();
  for (const h of hasts) { const h2 = structuredClone(h); for (let i = 0; i < 5; i++) visit(h2, 'element', (n: any) => { if (n.tagName === 'img') n.properties.loading = 'lazy'; }); }
  const walks = (performance.now() - t) / bodies.length;
  t = performance.now();
  for (const h of hasts) renderToStaticMarkup(p0.stringify(h) as any);
  const react = (performance.now() - t) / bodies.length;
  t = performance.now();
  t = performance.now();
  for (const b of bodies) { const tr = p.parse(b); renderToStaticMarkup(p.stringify(p.runSync(tr)) as any); }
  console.log('plain parse', parse.toFixed(2), 'md->hast', mdhast.toFixed(2), '5walks', walks.toFixed(2), 'react', react.toFixed(2), 'full', ((performance.now() - t) / bodies.length).toFixed(2));
}
