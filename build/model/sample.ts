/**
 * What a site still publishes of the sample this repository ships: its
 * identity, the sample physician's bylines, its pictures and handouts. The
 * build warns of what is left once the identity is the practice's own, and
 * records all of it in out/'s marker, which the deploy reads before it
 * publishes anything (README "The sample identity").
 */
import { isScalar, isSeq } from 'yaml';
import { problem, shownPath, type ContentDiagnostic } from '../diagnostics/index.ts';
import { isFictionalPhone } from '../lib/phone.ts';
import type { AssetFile } from '../load/index.ts';
import type { SampleContent } from '../output.ts';
import type { SiteSource } from '../parse/index.ts';
import { writtenText } from './contact.ts';
import { BYLINE_FIELDS } from './articles.ts';
import type { Article, BylineField, SiteIdentity } from './types.ts';

/** How each sample handout's Subject begins, in each language the samples are made in (`npm run sample-handouts` writes it). */
export const SAMPLE_HANDOUT_SUBJECTS = { en: 'Sample patient-education handout', es: 'Folleto de muestra de educación para pacientes' } as const;

/** Whether a PDF's Subject says it is a sample handout, in any of their languages, and only theirs does: the command never overwrites another, and the build warns of one left. */
export const isSampleHandoutSubject = (subject: string | undefined): boolean => Object.values(SAMPLE_HANDOUT_SUBJECTS).some((start) => subject?.startsWith(start) === true);

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
 * The sample's own pictures, by the digest of their bytes: what each was shipped as, what it
 * shows that is the sample's, and what the deploy calls it. `test/site/sample-site.test.ts`
 * holds the digests to the shipped files.
 */
export const SAMPLE_PICTURES: ReadonlyMap<string, { field: 'photo' | 'socialImage'; shows: string; what: string }> = new Map([
  ['54c1fc6ecbbf23eb416e94124cfd16b3bbb0ae3e', { field: 'photo', shows: 'SAMPLE', what: 'the sample portrait' }],
  ['bb60fd43e189d30ee6c5f722944e7307a5aca5d4', { field: 'socialImage', shows: 'Dr. Alex Sample, MD', what: 'the sample sharing image' }],
]);

/** Something of the sample among what the site publishes: what the deploy calls it, and where and what a warning says of it. */
interface SampleFinding {
  kind: SampleContent['kind'];
  what: string;
  file: string;
  /** Unknown for a field of the identity file until its source is asked (`lineOf`). */
  line?: number | undefined;
  /** The field, or the PDF's document property, that says it. */
  field: string;
  text: string;
}

/** What the deploy calls the person each field names. */
const BYLINE_ROLES: Record<BylineField, string> = { author: 'author', reviewedBy: 'reviewer', translatedBy: 'translator', translationReviewedBy: 'translation reviewer' };

/** The published articles' authors, reviewers and translators whose names are still the sample's. */
function sampleBylines(articles: readonly Article[]): SampleFinding[] {
  return articles
    .filter((article) => !article.draft)
    .flatMap((article) =>
      BYLINE_FIELDS.flatMap((field) => {
        const text = article[field];
        const what = `${BYLINE_ROLES[field]} "${text}"`;
        return namesSample(text) ? [{ kind: 'byline' as const, what, file: article.sourcePath, line: article.bylineLines[field], field, text }] : [];
      }),
    );
}

/** The fields of the identity file, beyond its identity proper (`sampleTraits`), that still name the sample. */
function sampleDetails(site: SiteIdentity): SampleFinding[] {
  const fields = [['photoAlt', site.photoAlt, "the photo's description"] as const, ...site.contact.insurancePlans.map((plan) => ['insurancePlans', plan, 'the insurance plan'] as const)];
  return fields.flatMap(([field, text, what]) => (namesSample(text) ? [{ kind: 'identity' as const, what: `${what} "${text}"`, file: site.sourcePath, field, text }] : []));
}

/** The files of assets/, every one of them published, that are still the sample's: a handout (its Subject says so) or one of its pictures. */
function sampleFiles(assets: readonly AssetFile[]): SampleFinding[] {
  return assets.flatMap((asset): SampleFinding[] => {
    const subject = asset.pdf?.subject;
    if (subject !== undefined && isSampleHandoutSubject(subject)) return [{ kind: 'handout', what: 'sample handout', file: asset.absolutePath, field: 'Subject', text: subject }];
    const picture = SAMPLE_PICTURES.get(asset.digest);
    return picture === undefined ? [] : [{ kind: 'picture', what: picture.what, file: asset.absolutePath, field: picture.field, text: picture.shows }];
  });
}

/** Everything of the sample the site publishes, but its identity proper: the identity file's other fields, the articles' bylines, the assets. */
function sampleFindings(site: SiteIdentity, articles: readonly Article[], assets: readonly AssetFile[]): SampleFinding[] {
  return [...sampleDetails(site), ...sampleBylines(articles), ...sampleFiles(assets)];
}

/** The warning of one finding, by its kind: the catalogue groups those of a kind into one line. */
function sampleProblem(finding: SampleFinding, at: { file: string; line: number | undefined }): ContentDiagnostic {
  const { field, text } = finding;
  if (finding.kind === 'byline') return problem('sampleByline', at, { field, text });
  if (finding.kind === 'handout') return problem('sampleHandout', at, { text });
  if (finding.kind === 'picture') return problem('samplePicture', at, { field: field as 'photo' | 'socialImage', text });
  return problem('sampleLeft', at, { field, text });
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
 * Warnings, for the author as the build runs; the deploy refuses the same
 * (`sampleContent`).
 *
 * @param source the identity file as parsed, for the lines of its fields
 * @param articles the articles being published
 * @param assets the files of assets/, every one of them published
 */
export function sampleLeftovers(site: SiteIdentity, source: SiteSource, articles: readonly Article[], assets: readonly AssetFile[]): ContentDiagnostic[] {
  if (sampleTraits(site).length > 0) return [];
  return sampleFindings(site, articles, assets).map((finding) => {
    const at = { file: finding.file, line: finding.line ?? (finding.file === site.sourcePath ? lineOf(source, finding.field, finding.text) : undefined) };
    return sampleProblem(finding, at);
  });
}

/**
 * Every kind of sample content the site publishes, each with the files that
 * hold it, shown as the build shows paths: what the build records in out/
 * for the deploy, which refuses to publish any of it (README "The sample
 * identity"). Empty for a site wholly the physician's own.
 *
 * @param articles the articles being published
 * @param assets the files of assets/, every one of them published
 */
export function sampleContent(site: SiteIdentity, articles: readonly Article[], assets: readonly AssetFile[]): SampleContent[] {
  const groups = new Map<string, { kind: SampleContent['kind']; what: string; files: Set<string> }>();
  const findings = [...sampleTraits(site).map((what) => ({ kind: 'identity' as const, what, file: site.sourcePath })), ...sampleFindings(site, articles, assets)];
  for (const { kind, what, file } of findings) {
    const key = `${kind} ${what}`;
    const group = groups.get(key) ?? { kind, what, files: new Set<string>() };
    group.files.add(shownPath(file));
    groups.set(key, group);
  }
  return [...groups.values()].map(({ kind, what, files }) => ({ kind, what, files: [...files].sort() }));
}
