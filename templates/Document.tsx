import type { ReactNode } from 'react';
import { CONTENT_SECURITY_POLICY, TAB_ICON, TOUCH_ICON } from '../build/config.ts';
import { DEFAULT_LANGUAGE, feedFile } from '../build/lib/languages.ts';
import { Footer } from './components/Footer.tsx';
import { Header } from './components/Header.tsx';
import { displayName, inPageLanguage, type PageContext } from './context.ts';
import { LANGUAGES } from './messages/index.ts';

/** What a page says about itself to browsers, search engines and link previews. */
export interface PageMeta {
  /** The page's own title; the physician's name is appended. */
  title: string;
  description: string;
  /** Path of the page, e.g. `/insights/some-article`; also its canonical URL's path. */
  path: string;
  type?: 'website' | 'article';
  /** Kept out of search results: drafts, error pages, redirects. */
  noindex?: boolean;
  /** Error pages have no address of their own. */
  canonical?: boolean;
  /** For a redirect page: where the browser goes at once. */
  redirectTo?: string;
  /** For articles: the calendar day of publication. */
  published?: string;
  /** The sharing image; the site's default when not given. */
  image?: { url: string; width: number; height: number; alt: string };
  /** The page's JSON-LD graph. */
  structuredData?: object;
}

/** JSON for a `<script>` element: `<` is escaped so that no `</script>` in a title can end it early. */
export function jsonForScript(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Paper only: where the printout came from, and (filled in by the widget script) the day it was printed. */
function PrintSource({ url, context }: { url: string; context: PageContext }) {
  return (
    <p className="print-only print-source">
      <span>{context.messages.document.pageAddress(url)}</span> <span data-print-date="" hidden />
    </p>
  );
}

/** The floating back-to-top button: a small icon button, shown by the widget script past 200 px of scroll. */
function BackToTopButton({ context }: { context: PageContext }) {
  const { backToTop } = context.messages.document;
  return (
    <button type="button" className="back-to-top" data-back-to-top="" title={backToTop} hidden>
      <svg className="back-to-top__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M12 20V5M5 11l7-7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="sr-only">{backToTop}</span>
    </button>
  );
}

interface DocumentProps {
  context: PageContext;
  meta: PageMeta;
  children: ReactNode;
}

/**
 * The page in every language it is written in, itself among them, and the
 * default language's for readers of any other (`x-default`): only on a page
 * that has a translation, as search engines read them in pairs.
 */
function LanguageAlternates({ context }: { context: PageContext }) {
  const { translations } = context.alternates;
  const fallback = translations.find((translation) => translation.language === DEFAULT_LANGUAGE);
  if (translations.length === 0 || fallback === undefined) return null;
  const absolute = (url: string) => `${context.site.siteUrl}${url}`;
  return (
    <>
      {translations.map(({ language, url }) => (
        <link key={language} rel="alternate" hrefLang={language} href={absolute(url)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={absolute(fallback.url)} />
    </>
  );
}

/** The page's language's feeds, in the three formats readers' apps take. */
function FeedLinks({ context }: { context: PageContext }) {
  const feedTitle = context.messages.feeds.title(displayName(context.site));
  const href = (kind: 'rss' | 'atom' | 'json') => `/${feedFile(context.language, kind)}`;
  return (
    <>
      <link rel="alternate" type="application/rss+xml" title={`${feedTitle} (RSS)`} href={href('rss')} />
      <link rel="alternate" type="application/atom+xml" title={`${feedTitle} (Atom)`} href={href('atom')} />
      <link rel="alternate" type="application/feed+json" title={`${feedTitle} (JSON Feed)`} href={href('json')} />
    </>
  );
}

/** The page's locale for link previews, and its translations' as alternates. */
function OpenGraphLocales({ context }: { context: PageContext }) {
  const others = context.alternates.translations.filter((translation) => translation.language !== context.language);
  return (
    <>
      <meta property="og:locale" content={LANGUAGES[context.language].ogLocale} />
      {others.map(({ language }) => (
        <meta key={language} property="og:locale:alternate" content={LANGUAGES[language].ogLocale} />
      ))}
    </>
  );
}

/**
 * The HTML document around every page: head metadata (title, description,
 * canonical, Open Graph and Twitter card, spec §2 Article), the colour stripe,
 * header, the page's address for print, main content, footer and the floating
 * back-to-top button (an icon button named like the article's link). The
 * Content Security Policy comes first, so that it governs everything after it.
 */
export function Document({ context, meta, children }: DocumentProps) {
  const { site, messages } = context;
  const words = messages.document;
  const name = displayName(site);
  const home = inPageLanguage(context, '/');
  const fullTitle = meta.path === home ? words.homeTitle({ name, specialty: site.specialty, location: site.location }) : words.pageTitle({ title: meta.title, name });
  const canonicalUrl = `${site.siteUrl}${meta.path === '/' ? '/' : meta.path}`;
  const image = meta.image ?? { ...site.socialImage, alt: words.imageAlt({ name, specialty: site.specialty, location: site.location }) };
  const imageUrl = `${site.siteUrl}${image.url}`;
  return (
    <html lang={messages.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={CONTENT_SECURITY_POLICY} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {meta.redirectTo !== undefined && <meta httpEquiv="refresh" content={`0; url=${meta.redirectTo}`} />}
        <title>{fullTitle}</title>
        <meta name="description" content={meta.description} />
        {meta.noindex && <meta name="robots" content="noindex" />}
        {meta.canonical !== false && <link rel="canonical" href={canonicalUrl} />}
        {/* The ICO is the alternate, with its size, so that a browser that shows the favicon takes it, as GitHub's pages do. */}
        <link rel="alternate icon" href={`/${TAB_ICON.file}`} sizes={`${TAB_ICON.size}x${TAB_ICON.size}`} />
        <link rel="icon" href={site.favicon.url} type={site.favicon.url.toLowerCase().endsWith('.svg') ? 'image/svg+xml' : undefined} />
        <link rel="apple-touch-icon" href={`/${TOUCH_ICON.file}`} />
        <FeedLinks context={context} />
        <LanguageAlternates context={context} />
        <link rel="stylesheet" href={context.stylesheetUrl} />
        <script src={context.scriptUrl} defer />
        <meta property="og:site_name" content={name} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:type" content={meta.type ?? 'website'} />
        {meta.canonical !== false && <meta property="og:url" content={canonicalUrl} />}
        <meta property="og:image" content={imageUrl} />
        <meta property="og:image:width" content={String(image.width)} />
        <meta property="og:image:height" content={String(image.height)} />
        <meta property="og:image:alt" content={image.alt} />
        <OpenGraphLocales context={context} />
        {meta.published !== undefined && <meta property="article:published_time" content={meta.published} />}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        <meta name="twitter:image" content={imageUrl} />
        <meta name="twitter:image:alt" content={image.alt} />
        {meta.structuredData !== undefined && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(meta.structuredData) }} />}
      </head>
      <body>
        <div id="top" className="colour-stripe" tabIndex={-1} />
        <Header context={context} path={meta.path} />
        {meta.canonical !== false && <PrintSource url={canonicalUrl} context={context} />}
        <main id="main" className="site-main" tabIndex={-1}>
          {children}
        </main>
        <Footer context={context} />
        <BackToTopButton context={context} />
      </body>
    </html>
  );
}
