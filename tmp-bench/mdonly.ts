process.env.NODE_ENV = 'production';
const { planSite } = await import('../build/pipeline.ts');
const plan = await planSite({ contentDir: 'content', insightsDir: '/tmp/corpus/c1000', assetsDir: '/tmp/pb/out.assets', cacheDir: '/tmp/pb/md.cache', includeDrafts: false, baseUrl: undefined });
await plan.documents.finished;
