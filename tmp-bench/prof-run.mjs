process.env.NODE_ENV = 'production';
const [bundle, corpus, out, generator] = process.argv.slice(2);
const { runBuild } = await import(bundle);
const t = performance.now();
const result = await runBuild({ contentDir: 'content', insightsDir: corpus, assetsDir: `${out}.assets`, outDir: out, cacheDir: `${out}.cache`, includeDrafts: false, baseUrl: undefined, help: false, version: false }, '2026-11-24', generator, () => {});
console.log(result.summary, ((performance.now() - t) / 1000).toFixed(2));
