/**
 * What the deploy refuses to publish, read from the record the build left in
 * out/ (`write/marker.ts`), not guessed from the pages' HTML: a site built
 * with --drafts, always; a site that still carries the sample identity, unless
 * --allow-sample says it goes to a staging bucket; files the build did not make,
 * or made and that were deleted or changed since. Each refusal is one line
 * that says why and what to do, before the bucket is so much as listed.
 */
import { CommandFailure, UsageError } from '../diagnostics/index.ts';
import { isPublished } from '../host/addresses.ts';
import { fewNamed } from '../lib/list-of.ts';
import { alteredFiles, MARKER_FILE, readBuildFacts, readMarker, unrecordedFiles } from '../write/index.ts';

/**
 * Refuses an out/ that is not as the build left it. Files the build's record
 * does not list were put there by someone (notes, an editor's backup), and
 * would be published. Files it lists that are gone, or another size, were
 * deleted or edited by hand: the deploy would delete the gone ones from the
 * bucket (a handout lost to patients) and publish the edits. A record that
 * lists nothing (damaged) cannot say, and is taken at its word, as the build
 * takes it.
 */
async function refuseFilesNotAsBuilt(outDir: string): Promise<void> {
  const record = await readMarker(outDir);
  if (record === undefined) return;
  const strays = unrecordedFiles(outDir, record).filter(isPublished);
  if (strays.length > 0) {
    throw new UsageError(`${outDir} holds ${fewNamed(strays)}, which the build did not make; nothing was uploaded. Move ${strays.length === 1 ? 'it' : 'them'} out of ${outDir} (a file to publish belongs in assets/), then build and deploy again.`);
  }
  const altered = alteredFiles(outDir, record);
  if (altered.length > 0) {
    throw new UsageError(`${outDir} no longer holds ${fewNamed(altered)} as the build made ${altered.length === 1 ? 'it' : 'them'} (deleted or changed since); nothing was uploaded. Run npm run build, which makes ${altered.length === 1 ? 'it' : 'them'} again, then deploy.`);
  }
}

/**
 * @param outDir the built site
 * @param allowSample --allow-sample: publish a sample site all the same
 * @returns a line to print when a sample site is published because it was allowed
 * @throws {CommandFailure} for drafts, or a sample without --allow-sample (exit 1, as the deletion guard)
 * @throws {UsageError} when out/ does not say how it was built (exit 2, as an out/ that is not a built site)
 */
export async function checkPublishable(outDir: string, allowSample: boolean): Promise<string | undefined> {
  const facts = await readBuildFacts(outDir);
  if (facts === undefined) {
    throw new UsageError(`${outDir} does not say how it was built (its ${MARKER_FILE} is missing, damaged or from an older generator), so it cannot be checked for drafts or the sample identity; run npm run build, then deploy again.`);
  }
  await refuseFilesNotAsBuilt(outDir);
  if (facts.drafts) {
    throw new CommandFailure(`${outDir} was built with --drafts, so it shows unpublished draft articles; nothing was uploaded. Build it again without --drafts (npm run build), then deploy.`);
  }
  if (facts.sample.length === 0) return undefined;
  const what = facts.sample.join(', ');
  if (!allowSample) {
    throw new CommandFailure(`${outDir} is still the sample site (${what}); nothing was uploaded. Put the practice's own details in content/site.md and build again, or pass --allow-sample to publish it to a staging bucket.`);
  }
  return `Publishing the sample site (${what}) because --allow-sample was given: for a staging bucket only.`;
}
