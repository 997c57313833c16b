/**
 * Product constants, declared once. Each cites the section of
 * `../shared/spec/site-spec.md` (or DECISIONS.md) it comes from, so a change of
 * rule is a change of one line here. This module is also bundled into the
 * browser script: it must stay free of Node imports.
 */

/** Reading speed used for "N min read" (spec §9). */
export const WORDS_PER_MINUTE = 200;

/** The shortest reading time shown, even for an empty article (spec §9). */
export const MIN_READ_MINUTES = 1;

/** How many topics the home page teases, chosen at random (spec §2 Home, §9). */
export const HOME_TOPIC_COUNT = 2;

/** How many of the newest articles the home page teases (spec §2 Home, §9). */
export const HOME_ARTICLE_COUNT = 2;

/** Where topic handouts are published (spec §7, §9). */
export const PDF_BASE = '/pdfs';

/** The ids the layout gives elements of the education page (the skip link's target, the legal notice…): a section must not take one. */
export const EDUCATION_LAYOUT_IDS = ['top', 'main', 'legend-title', 'legal-notice-title'] as const;

/** Title of an article whose front matter has none (spec §3, §9). */
export const DEFAULT_TITLE = 'Untitled';

/** Date of an article whose front matter has none (spec §3, §9). */
export const DEFAULT_DATE = '1970-01-01';

/** Scroll distance past which the header logo shrinks (spec §2, §9). */
export const HEADER_SHRINK_PX = 100;

/** Scroll distance past which the floating back-to-top button shows (spec §2, §9). */
export const BACK_TO_TOP_PX = 200;

/** The class of the box a table scrolls in, which the widget script makes a keyboard stop only while it scrolls. */
export const TABLE_BOX_CLASS = 'table-scroll';

/** URL protocols a markdown link or image may use; any other is blanked (spec §5). */
export const SAFE_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;

/**
 * The Content Security Policy of every page: everything from the
 * site's own origin, nothing inline, nothing evaluated, no plugins, no forms,
 * and no third-party request of any kind, which also keeps patients' visits
 * private. `frame-ancestors` cannot be set from a meta tag; the host's headers
 * carry it.
 */
export const CONTENT_SECURITY_POLICY = /* @__PURE__ */ [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * The Content Security Policy of the browser editor at /admin/ (never of a
 * page of the site): its own files; the styles its components add as
 * `<style>` elements; pictures being uploaded (`blob:`), its built-in logo
 * (`data:`) and the GitHub avatar of whoever signs in; its preview, a frame
 * it makes of what is being edited (`blob:`), with its base at the site (the
 * pictures an article shows are the site's); and the three outside
 * addresses it talks to: GitHub's API, where it reads and commits the
 * content, GitHub's status page, which it asks whether GitHub is working,
 * and unpkg.com, where it looks for its own newer version and the words of
 * its menus in languages other than English. No script from elsewhere, and
 * nothing evaluated.
 */
export const EDITOR_CONTENT_SECURITY_POLICY = /* @__PURE__ */ [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data: https://avatars.githubusercontent.com",
  "font-src 'self'",
  "connect-src 'self' blob: data: https://api.github.com https://www.githubstatus.com https://unpkg.com",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

/** Where work is kept between builds (drawn sharing images, facts read from PDFs): beside content/, ignored by git, safe to delete. */
export const DEFAULT_CACHE_DIR = '.cache';

/**
 * The largest article file the build reads (1 MB, some 150,000 words): one
 * file cannot take the build's memory, and an article that long is a book.
 */
export const MAX_ARTICLE_BYTES = 1_048_576;

/**
 * The longest address an article may have: its slug is a folder name in out/
 * and a key in the bucket, and file systems refuse names over 255 bytes.
 */
export const MAX_SLUG_LENGTH = 200;

/** How deep lists and quotes may nest in markdown before the build refuses the article rather than overflow its stack. */
export const MAX_NESTING_DEPTH = 100;

/**
 * The markdown stage's worker threads. Below `minJobs` bodies to process
 * the build does them in its own thread: starting a worker costs more than
 * processing that many. A worker is sent `batchSize` bodies at once:
 * enough to make each message worth its cost, few enough to keep every core
 * busy to the end.
 */
export const MARKDOWN_POOL = { minJobs: 100, batchSize: 25 } as const;

/**
 * How wide images are drawn, for the browser to pick a copy before the
 * stylesheet loads; these follow templates/styles/site.css. An article image
 * fills the text column (42rem, the whole screen below 46rem); the
 * physician's photo is at most 18rem wide, 12rem below 46rem.
 */
export const BODY_IMAGE_SIZES = '(max-width: 46rem) 100vw, 42rem';
export const PHOTO_SIZES = '(max-width: 46rem) 12rem, 18rem';

/** Folder of the content-hashed script and stylesheet in out/, and the start of their URLs. */
export const BUNDLE_DIR = 'assets';

/**
 * How many of the newest articles the feeds carry. Feed readers poll them
 * often and keep what they have seen; carrying every article in full would
 * make each poll megabytes once the physician has written a few hundred.
 */
export const FEED_ITEM_LIMIT = 50;

/** The Insights feeds, linked from every page's head; each language has its own, in its folder (`es/feed.xml`). */
export const FEED_FILES = { rss: 'feed.xml', atom: 'atom.xml', json: 'feed.json' } as const;

/**
 * The practice's logo as a square picture without transparency, where a
 * phone puts a site saved to its home screen (iPhones ask for this file by
 * name) and a feed reader shows the feed's icon. 180 px is what an iPhone
 * shows.
 */
export const TOUCH_ICON = { file: 'apple-touch-icon.png', size: 180 } as const;

/**
 * The favicon as the icon file every browser has understood since the first
 * favicons: Safari long showed no SVG icon in its tabs and bookmarks, and
 * feed readers and bookmark tools ask a site for /favicon.ico by name. One
 * 32 px image, as a tab shows it on a sharp screen.
 */
export const TAB_ICON = { file: 'favicon.ico', size: 32 } as const;

/** The files that tell search engines what the site has. */
export const DISCOVERY_FILES = { sitemap: 'sitemap.xml', robots: 'robots.txt' } as const;

/** Where the repository keeps the content and the assets: the commands' default folders, and those the browser editor writes into. */
export const REPOSITORY_FOLDERS = { content: 'content', assets: 'assets' } as const;

/** Where each kind of content lives inside the content folder (see README). */
export const CONTENT_LAYOUT = {
  site: 'site.md',
  topics: 'education-topics.yaml',
  figures: 'medicare-figures.yaml',
  insights: 'insights',
} as const;
