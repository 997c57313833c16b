import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
for (const depth of [100, 1000, 5000]) {
  const body = Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n');
  const quotes = '>'.repeat(depth) + ' deep';
  for (const [name, text] of [['list', body], ['quote', quotes]] as const) {
    const t = performance.now();
    try {
      const tree = unified().use(remarkParse).use(remarkGfm).parse(text);
      let d = 0; const walk = (n: any, k: number): void => { d = Math.max(d, k); for (const c of n.children ?? []) walk(c, k + 1); };
      walk(tree, 0);
      console.log(name, depth, 'ok depth', d, (performance.now() - t).toFixed(0), 'ms', text.length);
    } catch (e) { console.log(name, depth, 'ERR', (e as Error).message.slice(0, 60), (performance.now() - t).toFixed(0)); }
  }
}
