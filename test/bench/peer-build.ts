/**
 * The project's row in compare-peers.sh: builds a bare corpus folder as the
 * physician's site, with the assets it needs prepared beside the output.
 *
 *   bash ../shared/bench/compare-peers.sh --count 1000 --peers hugo,eleventy \
 *     --project 'node --import tsx test/bench/peer-build.ts {corpus} {out}' \
 *     --cmd warm 'node --import tsx test/bench/peer-build.ts --warm {corpus} {out}'
 *
 * Each run is cold (no build cache) unless `--warm` is given: then the cache
 * of the untimed warm-up run is kept, while compare-peers still deletes {out}
 * before each run, so the build renders and writes every page again.
 *
 * With `--bilingual` the build reads the corpus with a Spanish translation
 * beside each article (corpus-site.ts `bilingualCorpus`), made by the first,
 * untimed run into a folder beside {out} and kept, as the corpus itself is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { bilingualCorpus, buildArguments, prepareCorpusAssets, ROOT } from './corpus-site.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { warm: { type: 'boolean', default: false }, bilingual: { type: 'boolean', default: false } } });
const [corpus, out] = positionals;
if (corpus === undefined || out === undefined) {
  console.error('usage: node --import tsx test/bench/peer-build.ts [--warm] [--bilingual] CORPUS OUT');
  process.exit(2);
}
const assets = `${out}.assets`;
const cache = `${out}.cache`;
const articles = values.bilingual ? bilingualCorpus(corpus, `${out}.corpus`) : corpus;
if (!values.warm || !existsSync(assets)) {
  // A cold build each time, as the peers get: no cache from an earlier run.
  rmSync(cache, { recursive: true, force: true });
  rmSync(assets, { recursive: true, force: true });
  // A translation shows the images its original does.
  prepareCorpusAssets(corpus, assets);
}
execFileSync(process.execPath, buildArguments(articles, assets, out, cache), { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_NO_WARNINGS: '1' } });
