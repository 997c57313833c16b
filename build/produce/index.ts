/**
 * Producing a planned site: into out/ (the CLI's atomic write, the preview's
 * update in place) or into memory (tests), with the checks run before
 * anything is published. Each page is read for the checks when it is
 * produced; a page out/ already held is read from its file, and what was
 * learnt of a page is kept in memory under its key, and in the cache with
 * the build's other records.
 */
import type { SiteChecks } from '../check/index.ts';
import type { Output } from '../output.ts';
import type { PlannedPage } from '../pages/index.ts';
import type { SitePlan } from '../pipeline.ts';
import type { Revision } from '../revise.ts';
import { updateFiles, updateSite, writeSite, type OutputRecord } from '../write/index.ts';
import { checkPlan, fingerprints, ownBodyExcuse, recheckRevision } from './checks.ts';
import { PageRecords } from './records.ts';

/** Tells the records of each of these pages the write stage produced or kept. */
function recording(pages: readonly PlannedPage[], records: PageRecords) {
  const pagesByPath = new Map(pages.map((page) => [page.file, page]));
  return {
    produced: (output: Output, contents: string | Uint8Array) => {
      const page = pagesByPath.get(output.path);
      if (page !== undefined) records.produced(page, contents);
    },
    kept: (output: Output, file: string) => {
      const page = pagesByPath.get(output.path);
      if (page !== undefined) records.keptIn(page, file);
    },
  };
}

export interface WriteTarget {
  outDir: string;
  /** Folders the output must never replace (content, assets). */
  protectedDirs: readonly string[];
  progress?: ((done: number, total: number) => void) | undefined;
}

/**
 * Writes the site into out/ as a whole, checked before it takes out/'s place.
 *
 * @param target.keepChecks true when the caller keeps what the checks know for the next build (the preview): they then run even when the last build's findings would stand
 */
export async function writePlan(plan: SitePlan, target: WriteTarget & { keepChecks?: boolean }): Promise<{ written: string[]; kept: number; record: OutputRecord; checks: SiteChecks | undefined }> {
  const records = new PageRecords(plan, fingerprints(plan), ownBodyExcuse(plan));
  let checks: SiteChecks | undefined;
  const written = await writeSite({
    ...target,
    facts: plan.facts,
    earlier: () => plan.store.oldWriteRecord(target.outDir),
    outputs: plan.outputs,
    later: plan.imageCopies,
    ...recording(plan.pages, records),
    beforePublishing: async () => {
      checks = await checkPlan(plan, records, { reuseFound: target.keepChecks !== true });
      records.keep();
    },
  });
  // What this whole build did not use is of an older site.
  plan.store.prune();
  return { ...written, checks };
}

/**
 * Brings the preview's out/ up to date in place, checked before anything changes.
 *
 * @param target.beforeWriting runs after the checks, last before out/ changes; what it throws stops the update
 * @param target.checks what the checks knew of the last build, kept by the preview
 */
export async function updatePlan(plan: SitePlan, target: WriteTarget & { record: OutputRecord; checks: SiteChecks | undefined; beforeWriting?: () => Promise<void> }): Promise<{ written: string[]; checks: SiteChecks }> {
  const records = new PageRecords(plan, fingerprints(plan), ownBodyExcuse(plan));
  let checks: SiteChecks | undefined;
  const beforePublishing = async () => {
    checks = await checkPlan(plan, records, { previous: target.checks, reuseFound: false });
    await target.beforeWriting?.();
  };
  const { written } = await updateSite({ ...target, outputs: plan.outputs, later: plan.imageCopies, ...recording(plan.pages, records), beforePublishing });
  return { written, checks: checks as SiteChecks };
}

/** Every file of the site in memory, checked: for tests and tools that read the output without writing it. */
export async function producePlan(plan: SitePlan): Promise<Map<string, string | Uint8Array>> {
  const records = new PageRecords(plan, fingerprints(plan), ownBodyExcuse(plan));
  const { produced } = recording(plan.pages, records);
  const files = new Map<string, string | Uint8Array>();
  for (const output of [...plan.outputs, ...(await plan.imageCopies)]) {
    const contents = await output.contents();
    files.set(output.path, contents);
    produced(output, contents);
  }
  await checkPlan(plan, records, { reuseFound: true });
  records.keep();
  return files;
}

/**
 * Brings the preview's out/ up to date after edits to article bodies: only
 * the files the revision changed are produced, checked with what the checks
 * knew of the rest, and written in place.
 *
 * @param target.checks what the checks knew of the last build, brought up to date
 */
export async function updateRevision(revision: Revision, target: WriteTarget & { record: OutputRecord; checks: SiteChecks; beforeWriting?: () => Promise<void> }): Promise<{ written: string[] }> {
  const records = new PageRecords(revision.plan, Promise.resolve(target.checks.site.prints), ownBodyExcuse(revision.plan, revision.articles.values()));
  const { produced } = recording(revision.pages, records);
  const beforePublishing = async () => {
    await recheckRevision(revision, records, target.checks);
    await target.beforeWriting?.();
  };
  return updateFiles({ outDir: target.outDir, protectedDirs: target.protectedDirs, record: target.record, changed: revision.changed, gone: [], produced, beforePublishing });
}
