import { contentError, type ContentDiagnostic } from '../diagnostics.ts';
import type { AssetFile } from '../load.ts';
import { parseCalendarDay } from '../lib/calendar-day.ts';
import { imageSources } from '../lib/responsive-image.ts';
import { normaliseSiteUrl } from '../lib/site-url.ts';
import { renderMarkdown, type MarkdownDocument } from '../markdown/index.ts';
import type { ParsedSource } from '../parse.ts';
import type { ImageAsset, SiteIdentity } from '../types.ts';
import { textField, warnUnknownFields } from './fields.ts';

const REQUIRED_TEXT = ['name', 'specialty', 'location', 'siteUrl', 'photoAlt', 'tagline', 'intro', 'affiliationDisclaimer'] as const;
const OPTIONAL_TEXT = ['credentials', 'practice', 'reviewMaxAgeMonths', 'handoutsLastReviewed'] as const;

/** How long an article's review stays current when site.md does not say (months). */
export const DEFAULT_REVIEW_MAX_AGE_MONTHS = 12;
const IMAGES = ['logo', 'favicon', 'photo', 'socialImage'] as const;

/** The fields of the site identity file (see README "Site identity"). */
export const SITE_FIELDS = [...REQUIRED_TEXT, ...OPTIONAL_TEXT, ...IMAGES] as const;

function readImage(
  parsed: ParsedSource,
  key: (typeof IMAGES)[number],
  assets: ReadonlyMap<string, AssetFile>,
  diagnostics: ContentDiagnostic[],
): ImageAsset | undefined {
  const url = textField(parsed, key, diagnostics);
  const line = parsed.fields.get(key)?.line;
  if (url === undefined) {
    // Every page shows these, so a site without one cannot be built: say which is missing.
    diagnostics.push(contentError(parsed.file, line ?? 1, 'invalid-site', `The site identity has no '${key}'.`, `Add a line '${key}: /images/…' between the '---' lines, naming an image in assets/images/.`));
    return undefined;
  }
  const asset = url.startsWith('/') ? assets.get(url.slice(1)) : undefined;
  if (!asset) {
    diagnostics.push(contentError(parsed.file, line, 'missing-asset', `'${key}' points to ${url}, which is not in the assets folder.`, `Put the image in assets/ and write its path from the site root, for example /images/${key}.png.`));
    return undefined;
  }
  if (!asset.dimensions) {
    diagnostics.push(contentError(parsed.file, line, 'missing-asset', `'${key}' points to ${url}, which is not an image whose size can be read.`, 'Use a PNG, JPEG, WebP, AVIF, GIF or SVG file (an SVG needs width and height or a viewBox).'));
    return undefined;
  }
  return { url, ...asset.dimensions };
}

/**
 * Reads the site identity file: who the physician is, the site's address and
 * images, and (as the body) the biography shown on the About page.
 *
 * @param parsed the identity file, split into front matter and body
 * @param assets published files by path relative to assets/
 * @param baseUrlOverride the `--base-url` flag, which wins over `siteUrl`
 * @param biography the body, processed for the About page; processed here when not given
 */
export function modelSite(
  parsed: ParsedSource,
  assets: ReadonlyMap<string, AssetFile>,
  baseUrlOverride: string | undefined,
  biography: MarkdownDocument = renderMarkdown(parsed.body, '/about'),
): { site?: SiteIdentity; diagnostics: ContentDiagnostic[] } {
  const diagnostics: ContentDiagnostic[] = [];
  warnUnknownFields(parsed, SITE_FIELDS, diagnostics);
  const text: Partial<Record<(typeof REQUIRED_TEXT)[number] | (typeof OPTIONAL_TEXT)[number], string>> = {};
  for (const key of [...REQUIRED_TEXT, ...OPTIONAL_TEXT]) text[key] = textField(parsed, key, diagnostics);
  for (const key of REQUIRED_TEXT) {
    if (text[key] !== undefined) continue;
    diagnostics.push(contentError(parsed.file, parsed.fields.get(key)?.line ?? 1, 'invalid-site', `The site identity has no '${key}'.`, `Add a line '${key}: …' between the '---' lines.`));
  }
  const siteUrl = normaliseSiteUrl(baseUrlOverride ?? text.siteUrl ?? '');
  if (text.siteUrl !== undefined && siteUrl === undefined && baseUrlOverride === undefined) {
    diagnostics.push(contentError(parsed.file, parsed.fields.get('siteUrl')?.line, 'invalid-site', `'siteUrl' is not a web address: "${text.siteUrl}".`, 'Write the full address, for example https://www.example.com.'));
  }
  const [logo, favicon, photo, socialImage] = IMAGES.map((key) => readImage(parsed, key, assets, diagnostics));
  const handoutsLastReviewed = text.handoutsLastReviewed === undefined ? undefined : (parseCalendarDay(text.handoutsLastReviewed) ?? undefined);
  if (text.handoutsLastReviewed !== undefined && handoutsLastReviewed === undefined) {
    diagnostics.push(contentError(parsed.file, parsed.fields.get('handoutsLastReviewed')?.line, 'invalid-date', `'handoutsLastReviewed' is not a real calendar day: "${text.handoutsLastReviewed}".`, 'Write the date as YYYY-MM-DD, for example 2025-10-17.'));
  }
  const reviewMaxAgeMonths = text.reviewMaxAgeMonths === undefined ? DEFAULT_REVIEW_MAX_AGE_MONTHS : Number(text.reviewMaxAgeMonths);
  if (!Number.isInteger(reviewMaxAgeMonths) || reviewMaxAgeMonths < 1) {
    diagnostics.push(contentError(parsed.file, parsed.fields.get('reviewMaxAgeMonths')?.line, 'invalid-site', `'reviewMaxAgeMonths' must be a whole number of months, not "${text.reviewMaxAgeMonths ?? ''}".`, 'Write for example reviewMaxAgeMonths: 12.'));
  }
  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error') || !siteUrl || !logo || !favicon || !photo || !socialImage) {
    return { diagnostics };
  }
  const required = text as Record<(typeof REQUIRED_TEXT)[number], string>;
  return {
    site: {
      ...required,
      credentials: text.credentials ?? '',
      practice: text.practice ?? '',
      reviewMaxAgeMonths,
      handoutsLastReviewed,
      siteUrl,
      logo,
      favicon,
      photo: { ...photo, sources: imageSources(photo.url, photo.width) },
      socialImage,
      biography,
      sourcePath: parsed.file,
      biographyStartLine: parsed.bodyStartLine,
    },
    diagnostics,
  };
}
