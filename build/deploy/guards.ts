/**
 * What the deploy refuses to publish, read from the record the build left in
 * out/ (`write/marker.ts`), not guessed from the pages' HTML: a site built
 * with --drafts, always; a site that still publishes any of the sample's
 * content (its identity, an article credited to the sample physician, its
 * pictures, its handouts), unless --allow-sample says it goes to a staging
 * bucket; files the build did not make, or made and that were deleted or
 * changed since. Each refusal is one line
 * that says why and what to do, before the bucket is so much as listed.
 */
import { CommandFailure, UsageError } from '../diagnostics/index.ts';
import { isPublished } from '../host/addresses.ts';
import { counted } from '../lib/counted.ts';
import { fewNamed } from '../lib/list-of.ts';
import type { SampleContent } from '../output.ts';
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
 * The sample content the build recorded, grouped and counted, each with a
 * few of its files: the identity's details together, then each byline, picture
 * and the handouts.
 */
function sampleSummary(content: readonly SampleContent[]): string {
  const identity = content.filter((entry) => entry.kind === 'identity');
  const identityFiles = [...new Set(identity.flatMap((entry) => entry.files))];
  const details = identity.length === 0 ? [] : [`${identity.map((entry) => entry.what).join(', ')} (${identityFiles.join(', ')})`];
  const others = content
    .filter((entry) => entry.kind !== 'identity')
    .map(({ kind, what, files }) => {
      const named = kind === 'byline' ? `${what} in ${counted(files.length, 'article')}` : kind === 'handout' ? counted(files.length, what) : what;
      return `${named} (${fewNamed(files)})`;
    });
  return [...details, ...others].join('; ');
}

/**
 * @param outDir the built site
 * @param allowSample --allow-sample: publish sample content all the same
 * @returns a line to print when a sample site is published because it was allowed
 * @throws {CommandFailure} for drafts, or sample content without --allow-sample (exit 1, as the deletion guard)
 * @throws {UsageError} when out/ does not say how it was built (exit 2, as an out/ that is not a built site)
 */
export async function checkPublishable(outDir: string, allowSample: boolean): Promise<string | undefined> {
  const facts = await readBuildFacts(outDir);
  if (facts === undefined) {
    throw new UsageError(`${outDir} does not say how it was built (its ${MARKER_FILE} is missing, damaged or from an older generator), so it cannot be checked for drafts or sample content; run npm run build, then deploy again.`);
  }
  await refuseFilesNotAsBuilt(outDir);
  if (facts.drafts) {
    throw new CommandFailure(`${outDir} was built with --drafts, so it shows unpublished draft articles; nothing was uploaded. Build it again without --drafts (npm run build), then deploy.`);
  }
  if (facts.sampleContent.length === 0) return undefined;
  const what = sampleSummary(facts.sampleContent);
  if (!allowSample) {
    throw new CommandFailure(`${outDir} still holds sample content: ${what}; nothing was uploaded. Put the practice's own in its place (README.md, "The sample identity") and build again, or pass --allow-sample to publish it to a staging bucket.`);
  }
  return `Publishing sample content because --allow-sample was given, for a staging bucket only: ${what}.`;
}
