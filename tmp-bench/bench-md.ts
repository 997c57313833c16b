import { readdirSync, readFileSync } from 'node:fs';
import frontMatter from 'front-matter';
const which = process.argv[2];
const dir = '/tmp/corpus/c1000';
const bodies = readdirSync(dir).slice(0, 400).map((f) => frontMatter<unknown>(readFileSync(`${dir}/${f}`, 'utf8')).body);
const mod = await import(which === 'old' ? '/work/wt-before/build/markdown/index.ts' : '/work/main/build/markdown/index.ts');
const settings = { figures: new Map(), imageSizes: new Map() };
for (let round = 0; round < 3; round++) {
  let t = performance.now();
  for (const b of bodies) mod.parseMarkdown(b);
  const parse = (performance.now() - t) / bodies.length;
  t = performance.now();
  for (const b of bodies) mod.renderMarkdown(b, '/insights/x', settings);
  console.log(which, 'parse', parse.toFixed(2), 'full', ((performance.now() - t) / bodies.length).toFixed(2));
}
