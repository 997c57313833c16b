import { readdirSync, readFileSync } from 'node:fs';
import frontMatter from 'front-matter';
import { processMarkdown } from '../build/markdown/process.ts';
const dir = '/tmp/corpus/c1000';
const bodies = readdirSync(dir).map((f) => frontMatter<unknown>(readFileSync(`${dir}/${f}`, 'utf8')).body);
const settings = { figures: new Map(), imageSizes: new Map() };
const t = performance.now();
for (const b of bodies) processMarkdown(b, '/insights/x', settings);
console.log('1000 single thread', (performance.now() - t).toFixed(0));
