/**
 * Lighthouse 12 (all four categories) on the pages a patient meets first:
 * home, an article and the education page on the mobile preset, and home on
 * the desktop one. `npm run lighthouse` reports every page type.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { auditedSite, type AuditedSite } from '../helpers/lighthouse.ts';

let site: AuditedSite;
before(async () => {
  site = await auditedSite();
});
after(async () => {
  await site?.close();
});

for (const [name, device] of [
  ['home', 'mobile'],
  ['article', 'mobile'],
  ['education', 'mobile'],
  ['home', 'desktop'],
] as const) {
  test(`Lighthouse: ${name} (${device}) scores 100 for accessibility, best practices and SEO, and at least 90 for performance`, { timeout: 120_000 }, async () => {
    const { scores, failing } = await site.audit(site.paths[name], device);
    console.log(`[lighthouse] ${site.paths[name]} ${device}: ${JSON.stringify(scores)}${failing.length > 0 ? ` failing: ${failing.join(', ')}` : ''}`);
    assert.equal(scores.accessibility, 1);
    assert.equal(scores['best-practices'], 1);
    assert.equal(scores.seo, 1);
    assert.ok((scores.performance ?? 0) >= 0.9, `performance ${String(scores.performance)}`);
  });
}
