/**
 * The site identity file (`content/site.md`): who the physician is, the
 * site's address and images, and, as its body, the biography on the About
 * page. The one file an owner edits to make the site theirs.
 */
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { parseCalendarDay } from '../lib/calendar-day.ts';
import { addressIn, DEFAULT_LANGUAGE } from '../lib/languages.ts';
import { sameButCapitals } from '../lib/other-capitals.ts';
import { imageSources } from '../lib/responsive-image.ts';
import { normaliseSiteUrl } from '../lib/site-url.ts';
import { imageFaultProblem, type AssetFile } from '../load/index.ts';
import type { ParsedSource, SiteSource } from '../parse/index.ts';
import { CONTACT_FIELDS, modelContact } from './contact.ts';
import { invalidDateProblem, textField, warnCurlyQuotes, warnUnknownFields } from './fields.ts';
import type { ImageAsset, SiteIdentity, SiteModel } from './types.ts';

const REQUIRED_TEXT = ['name', 'specialty', 'location', 'siteUrl', 'photoAlt', 'tagline', 'intro', 'affiliationDisclaimer'] as const;
const OPTIONAL_TEXT = ['credentials', 'practice', 'reviewMaxAgeMonths', 'handoutsLastReviewed'] as const;
const IMAGES = ['logo', 'favicon', 'photo', 'socialImage'] as const;

/** How long an article's review stays current when site.md does not say (months). */
const DEFAULT_REVIEW_MAX_AGE_MONTHS = 12;

/** The fields of the site identity file (see content/README.md). */
export const SITE_FIELDS = [...REQUIRED_TEXT, ...OPTIONAL_TEXT, ...IMAGES, ...CONTACT_FIELDS] as const;

type Report = (diagnostic: ContentDiagnostic) => void;
type TextKey = (typeof REQUIRED_TEXT)[number] | (typeof OPTIONAL_TEXT)[number];

function readImage(parsed: ParsedSource, field: (typeof IMAGES)[number], assets: ReadonlyMap<string, AssetFile>, report: Report): ImageAsset | undefined {
  const url = textField(parsed, field, report);
  const at = { file: parsed.file, line: parsed.fields.get(field)?.line };
  if (url === undefined) {
    // Every page shows these, so a site without one cannot be built: say which is missing (a list or group is reported already).
    const value = parsed.attributes[field];
    if (typeof value !== 'object' || value === null) report(problem('siteFieldMissing', { ...at, line: at.line ?? 1 }, { field }));
    return undefined;
  }
  const asset = url.startsWith('/') ? assets.get(url.slice(1)) : undefined;
  const otherCapitals = asset === undefined && url.startsWith('/') ? sameButCapitals(assets.keys(), url.slice(1)) : undefined;
  if (otherCapitals !== undefined) report(problem('imageMissingOtherCapitals', at, { field, url, address: `/${otherCapitals}` }));
  else if (!asset) report(problem('imageMissing', at, { field, url }));
  else if (asset.fault) report(imageFaultProblem(asset.fault, at, url));
  else if (!asset.dimensions) report(problem('imageUnmeasurable', at, { field, url }));
  else return { url, ...asset.dimensions };
  return undefined;
}

/** The text fields, each required one reported when missing. */
function readText(parsed: ParsedSource, report: Report): Partial<Record<TextKey, string>> {
  const text: Partial<Record<TextKey, string>> = {};
  for (const key of [...REQUIRED_TEXT, ...OPTIONAL_TEXT]) text[key] = textField(parsed, key, report);
  for (const key of REQUIRED_TEXT) {
    if (text[key] === undefined) report(problem('siteFieldMissing', { file: parsed.file, line: parsed.fields.get(key)?.line ?? 1 }, { field: key }));
  }
  return text;
}

/** The fields that are numbers or days, each reported when it is not one. */
function readSettings(parsed: ParsedSource, text: Partial<Record<TextKey, string>>, report: Report) {
  const at = (field: string) => ({ file: parsed.file, line: parsed.fields.get(field)?.line });
  const handoutsLastReviewed = text.handoutsLastReviewed === undefined ? undefined : (parseCalendarDay(text.handoutsLastReviewed) ?? undefined);
  if (text.handoutsLastReviewed !== undefined && handoutsLastReviewed === undefined) report(invalidDateProblem(at('handoutsLastReviewed'), 'handoutsLastReviewed', text.handoutsLastReviewed));
  const reviewMaxAgeMonths = text.reviewMaxAgeMonths === undefined ? DEFAULT_REVIEW_MAX_AGE_MONTHS : Number(text.reviewMaxAgeMonths);
  if (!Number.isInteger(reviewMaxAgeMonths) || reviewMaxAgeMonths < 1) report(problem('reviewAgeInvalid', at('reviewMaxAgeMonths'), { written: text.reviewMaxAgeMonths ?? '' }));
  return { handoutsLastReviewed, handoutsReviewedLine: at('handoutsLastReviewed').line, reviewMaxAgeMonths };
}

/**
 * @param parsed the identity file, split into front matter and body, its front matter also as a YAML document
 * @param assets published files by path relative to assets/
 * @param baseUrlOverride the `--base-url` flag, which wins over `siteUrl`
 * @returns the identity, or undefined when it has an error (reported)
 */
export function modelSite(parsed: SiteSource, assets: ReadonlyMap<string, AssetFile>, baseUrlOverride: string | undefined, report: Report): SiteIdentity | undefined {
  const diagnostics: ContentDiagnostic[] = [];
  const collect = (diagnostic: ContentDiagnostic) => {
    diagnostics.push(diagnostic);
    report(diagnostic);
  };
  warnUnknownFields(parsed, SITE_FIELDS, collect);
  warnCurlyQuotes(parsed, [...REQUIRED_TEXT, ...OPTIONAL_TEXT, ...IMAGES], collect, IMAGES);
  const text = readText(parsed, collect);
  const siteUrl = normaliseSiteUrl(baseUrlOverride ?? text.siteUrl ?? '');
  if (text.siteUrl !== undefined && siteUrl === undefined && baseUrlOverride === undefined) collect(problem('siteUrlInvalid', { file: parsed.file, line: parsed.fields.get('siteUrl')?.line }, { written: text.siteUrl }));
  const [logo, favicon, photo, socialImage] = IMAGES.map((field) => readImage(parsed, field, assets, collect));
  const settings = readSettings(parsed, text, collect);
  const contact = modelContact(parsed, collect);
  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error') || !siteUrl || !logo || !favicon || !photo || !socialImage || !contact) return undefined;
  const required = text as Record<(typeof REQUIRED_TEXT)[number], string>;
  return {
    language: DEFAULT_LANGUAGE,
    ...required,
    credentials: text.credentials ?? '',
    practice: text.practice ?? '',
    ...settings,
    siteUrl,
    logo,
    favicon,
    photo: { ...photo, sources: imageSources(photo.url, photo.width) },
    socialImage,
    contact,
    biography: parsed.body,
    sourcePath: parsed.file,
    biographyStartLine: parsed.bodyStartLine,
  };
}

/** A markdown body that a page other than an article's shows. */
export interface PageBody {
  url: string;
  file: string;
  bodyStartLine: number;
  body: string;
}

/**
 * The markdown bodies pages other than the articles show: the biography on
 * /about. A page with a markdown file of its own joins here, so that its
 * body is processed, the link check tells its links at their lines, and the
 * draft-leak audit reads it.
 */
export function otherPageBodies(model: SiteModel): PageBody[] {
  return [...model.sites.values()].map((site) => ({ url: addressIn(site.language, '/about'), file: site.sourcePath, bodyStartLine: site.biographyStartLine, body: site.biography }));
}
