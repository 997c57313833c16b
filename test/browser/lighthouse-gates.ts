/**
 * Lighthouse 12 (all four categories) on the pages a patient meets first, in
 * one language: lighthouse.test.ts and lighthouse-spanish.test.ts name them.
 * `npm run lighthouse` reports every page type.
 *
 * Performance is a gate locally and in .ci/run, but only reported on GitHub's
 * shared runners, whose speed varies from run to run: a slow runner must not
 * block a content fix. The other three categories are gates everywhere.
 *
 * A performance score also varies from run to run on one machine when it is
 * busy, and Lighthouse's guide to variability advises the median of several
 * runs: a page below the gate is audited twice more and judged by the median
 * of the three, so that one slow run fails nothing but a slow page still does.
 */
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Language } from '../../build/lib/languages.ts';
import { auditedSite, CATEGORIES, type AuditedSite } from '../helpers/lighthouse.ts';

const SHARED_RUNNER = process.env.GITHUB_ACTIONS === 'true';
const PERFORMANCE_GATE = 0.9;

/** The median of the first score and two more runs' when the first is below the gate; else the first. */
async function judgedPerformance(first: number | null, auditAgain: () => Promise<number | null>): Promise<number> {
  if ((first ?? 0) >= PERFORMANCE_GATE) return first ?? 0;
  const scores = [first, await auditAgain(), await auditAgain()].map((score) => score ?? 0).sort((a, b) => a - b);
  console.log(`[lighthouse] performance below the gate once; three runs: ${scores.join(', ')}`);
  return scores[1] as number;
}

/** The four scores out of 100, as a person reads them. */
function described(scores: Record<string, number | null>): string {
  return CATEGORIES.map((category) => `${category} ${typeof scores[category] === 'number' ? String(Math.round(scores[category] * 100)) : 'none'}`).join(', ');
}

/** Adds a list item to the GitHub job summary, when there is one. */
function summarise(line: string): void {
  const summary = process.env.GITHUB_STEP_SUMMARY;
  if (SHARED_RUNNER && summary !== undefined && summary !== '') appendFileSync(summary, `- ${line}\n`);
}

type PageType = keyof AuditedSite['paths'];

/**
 * The Lighthouse gates on pages of one language, a test a page and device,
 * for the file that calls it: each language is a file of its own, so that
 * each has the file's whole time for its audits.
 */
export function testLighthouseIn(language: Language, pages: readonly (readonly [PageType, 'mobile' | 'desktop'])[]): void {
  let site: AuditedSite;
  before(async () => {
    site = await auditedSite(language);
  });
  after(async () => {
    await site?.close();
  });

  for (const [name, device] of pages) {
    const performance = SHARED_RUNNER ? 'its performance reported' : 'at least 90 for performance';
    test(`Lighthouse, in ${language}: ${name} (${device}) scores 100 for accessibility, best practices and SEO, and ${performance}`, { timeout: 120_000 }, async () => {
      const { scores, failing } = await site.audit(site.paths[name], device);
      console.log(`[lighthouse] ${site.paths[name]} ${device}: ${JSON.stringify(scores)}${failing.length > 0 ? ` failing: ${failing.join(', ')}` : ''}`);
      summarise(`Lighthouse ${site.paths[name]} (${device}): ${described(scores)}`);
      assert.equal(scores.accessibility, 1);
      assert.equal(scores['best-practices'], 1);
      assert.equal(scores.seo, 1);
      if (SHARED_RUNNER) return;
      const performance = await judgedPerformance(scores.performance ?? null, async () => (await site.audit(site.paths[name], device)).scores.performance ?? null);
      assert.ok(performance >= PERFORMANCE_GATE, `performance ${String(performance)} (the median of three runs)`);
    });
  }
}
