/**
 * Whether a site is still the sample this repository ships, told from its
 * identity: what the build records in out/'s marker and the deploy reads
 * before it publishes anything (README "The sample identity").
 */
import { isScalar, isSeq } from 'yaml';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { isFictionalPhone } from '../lib/phone.ts';
import type { AssetFile } from '../load/index.ts';
import type { SiteSource } from '../parse/index.ts';
import { writtenText } from './contact.ts';
import type { Article, SiteIdentity } from './types.ts';

/** How each sample handout's document information begins (`npm run sample-handouts` writes it). */
export const SAMPLE_HANDOUT_SUBJECT = 'Sample patient-education handout';

/** Whether a PDF's Subject says it is a sample handout, and only theirs does: the command never overwrites another, and the build warns of one left. */
export const isSampleHandoutSubject = (subject: string | undefined): boolean => subject?.startsWith(SAMPLE_HANDOUT_SUBJECT) === true;

/** "Sample" as a word of a name or a text, as the sample identity writes it. */
const namesSample = (text: string | undefined): text is string => text !== undefined && /\bsample\b/i.test(text);

/** Names set aside for examples and tests (RFC 2606, RFC 6761): no real site is ever at them. */
function isReservedHost(hostname: string): boolean {
  return /(^|\.)example\.(com|net|org)$/i.test(hostname) || /(^|\.)(example|test|invalid|localhost)$/i.test(hostname) || hostname === 'localhost';
}

/**
 * What in the identity is still sample, each said as a reader would check it:
 * the site address at an example domain, "Sample" in the physician's,
 * practice's or street's name, a phone number of the fictional 555-0100 to
 * 555-0199 range. Empty for a site that is the physician's own.
 */
export function sampleTraits(site: SiteIdentity): string[] {
  const traits: string[] = [];
  if (isReservedHost(new URL(site.siteUrl).hostname)) traits.push(`the site address ${site.siteUrl}`);
  for (const [what, text] of [
    ['name', site.name],
    ['practice', site.practice],
    ['street', site.contact.address.street],
  ] as const) {
    if (namesSample(text)) traits.push(`the ${what} "${text}"`);
  }
  const phones = [site.contact.phone, site.contact.afterHoursPhone].flatMap((phone) => (phone !== undefined && isFictionalPhone(phone) ? [phone.display] : []));
  if (phones.length > 0) traits.push(`the phone number${phones.length === 1 ? '' : 's'} ${phones.join(' and ')}`);
  return traits;
}

/**
 * The sample's own pictures, by the digest of their bytes, and what each shows that is the
 * sample's. `test/site/sample-site.test.ts` holds the digests to the shipped files.
 */
export const SAMPLE_PICTURES: ReadonlyMap<string, { field: 'photo' | 'socialImage'; shows: string }> = new Map([
  ['54c1fc6ecbbf23eb416e94124cfd16b3bbb0ae3e', { field: 'photo', shows: 'SAMPLE' }],
  ['bb60fd43e189d30ee6c5f722944e7307a5aca5d4', { field: 'socialImage', shows: 'Dr. Alex Sample, MD' }],
]);

/** The published articles' authors and reviewers that are still the sample physician. */
function sampleBylines(articles: readonly Article[]): ContentDiagnostic[] {
  return articles
    .filter((article) => !article.draft)
    .flatMap((article) =>
      (['author', 'reviewedBy'] as const).flatMap((field) => {
        const text = article[field];
        return namesSample(text) ? [problem('sampleByline', { file: article.sourcePath, line: article.bylineLines[field] }, { field, text })] : [];
      }),
    );
}

/** The files of assets/ that are still the sample's: a handout (its Subject says so) or a picture of the identity's. */
function sampleFiles(site: SiteIdentity, assets: readonly AssetFile[]): ContentDiagnostic[] {
  const pictures = new Set([site.photo.url, site.socialImage.url]);
  return assets.flatMap((asset) => {
    const subject = asset.pdf?.subject;
    if (subject !== undefined && isSampleHandoutSubject(subject)) return [problem('sampleHandout', { file: asset.absolutePath }, { text: subject })];
    const picture = SAMPLE_PICTURES.get(asset.digest);
    return picture !== undefined && pictures.has(`/${asset.relativePath}`) ? [problem('samplePicture', { file: asset.absolutePath }, { field: picture.field, text: picture.shows })] : [];
  });
}

/** The line of the identity file where a field, or the entry of a list field, says `text`. */
function lineOf(source: SiteSource, field: string, text: string): number | undefined {
  const node = source.yaml.document.get(field, true);
  const entry = isSeq(node) ? node.items.find((item) => writtenText(item) === text) : undefined;
  return (isScalar(entry) ? source.yaml.lineOf(entry) : undefined) ?? source.fields.get(field)?.line;
}

/**
 * What still names the sample once the identity is the practice's own: an
 * article credited to the sample physician, the photo's description, an
 * insurance plan, a sample handout, the sample's portrait or sharing image.
 * Warnings: the deploy's guard reads the identity alone.
 *
 * @param source the identity file as parsed, for the lines of its fields
 * @param articles the articles being published
 * @param assets the files of assets/, every one of them published
 */
export function sampleLeftovers(site: SiteIdentity, source: SiteSource, articles: readonly Article[], assets: readonly AssetFile[]): ContentDiagnostic[] {
  if (sampleTraits(site).length > 0) return [];
  const fields = [['photoAlt', site.photoAlt] as const, ...site.contact.insurancePlans.map((plan) => ['insurancePlans', plan] as const)];
  const identity = fields.flatMap(([field, text]) => (namesSample(text) ? [problem('sampleLeft', { file: site.sourcePath, line: lineOf(source, field, text) }, { field, text })] : []));
  return [...sampleBylines(articles), ...identity, ...sampleFiles(site, assets)];
}
