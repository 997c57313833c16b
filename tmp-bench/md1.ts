import { readdirSync, readFileSync } from 'node:fs';
import frontMatter from 'front-matter';
import { processMarkdown, parseMarkdown } from '../build/markdown/process.ts';
import { processAndStore } from '../build/markdown/documents.ts';
import { CacheStore } from '../build/store/index.ts';
const dir = '/tmp/corpus/c1000';
const bodies = readdirSync(dir).slice(0, 400).map((f) => frontMatter<unknown>(readFileSync(`${dir}/${f}`, 'utf8')).body);
const settings = { figures: new Map(), imageSizes: new Map() };
const store = new CacheStore('/tmp/wcache2');
for (let r = 0; r < 3; r++) {
  let t = performance.now();
  for (const b of bodies) parseMarkdown(b);
  const parse = (performance.now() - t) / bodies.length;
  t = performance.now();
  for (const b of bodies) processMarkdown(b, '/insights/x', settings);
  const full = (performance.now() - t) / bodies.length;
  t = performance.now();
  for (const [i, b] of bodies.entries()) await processAndStore({ file: 'f', bodyStartLine: 1, body: b, bodyDigest: 'x', pageUrl: '/insights/x', key: `k${r}-${i}` }, { settings, store });
  console.log('parse', parse.toFixed(2), 'process', full.toFixed(2), 'process+store', ((performance.now() - t) / bodies.length).toFixed(2));
}
