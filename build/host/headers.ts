/**
 * The headers the host adds to every answer, which CloudFront's response
 * headers policies carry (deploy/cloudformation.yaml, which a test holds
 * equal) and the preview sends: one set for the site, and one for the browser
 * editor's folder, /admin/, which is the editor's and no page of the site.
 */
import { CONTENT_SECURITY_POLICY, EDITOR_CONTENT_SECURITY_POLICY } from '../config.ts';

/**
 * The site's (`SecurityHeadersPolicy`): the pages' own Content Security
 * Policy with what only a header can say, and no sniffing, framing, referrer
 * beyond the origin, or powerful features. The preview sends them too, but
 * for HSTS, which a browser ignores over plain HTTP.
 */
export const SECURITY_HEADERS = {
  'content-security-policy': `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`,
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), interest-cohort=()',
} as const;

/** The folder of out/ that holds the browser editor: its page is /admin/. */
export const EDITOR_FOLDER = 'admin';

/** The editor's configuration in its folder, which is never cached: a build's change reaches the next visit. */
export const EDITOR_CONFIG_FILE = 'config.yml';

/** Whether a file of out/ is the editor's (`admin/…`) rather than the site's. */
export function isEditorFile(file: string): boolean {
  return file.startsWith(`${EDITOR_FOLDER}/`);
}

/**
 * The editor's (`EditorHeadersPolicy`): the site's, with the editor's
 * Content Security Policy, and kept out of search engines.
 */
export const EDITOR_SECURITY_HEADERS = {
  ...SECURITY_HEADERS,
  'content-security-policy': `${EDITOR_CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`,
  'x-robots-tag': 'noindex, nofollow',
} as const;

/** The headers the host adds to a file of out/. */
export function securityHeadersOf(file: string): Readonly<Record<string, string>> {
  return isEditorFile(file) ? EDITOR_SECURITY_HEADERS : SECURITY_HEADERS;
}
