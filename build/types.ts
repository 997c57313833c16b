/**
 * The site's data model: what the model stage produces and the templates
 * receive. Types only, so templates can import it without pulling in any
 * build library.
 */
import type { CalendarDay } from './lib/calendar-day.ts';
import type { ImageSource } from './lib/responsive-image.ts';
import type { MarkdownDocument } from './markdown/index.ts';

/** An image published from assets/, with the size the page reserves for it. */
export interface ImageAsset {
  /** Root-relative URL, e.g. `/images/physician.svg`. */
  url: string;
  width: number;
  height: number;
}

/** One Insights article (spec §3 Article). */
export interface Article {
  sourcePath: string;
  /** The slugified title: the article's canonical address. */
  slug: string;
  /** The slugified file name, which redirects to the canonical address. */
  fileSlug: string;
  /** `/insights/{slug}` */
  url: string;
  title: string;
  summary: string;
  date: CalendarDay;
  draft: boolean;
  author: string | undefined;
  /** Who last checked the article's medical and factual content; the physician when not given. */
  reviewedBy: string | undefined;
  /** When it was last checked; its date when not given. */
  lastReviewed: CalendarDay;
  /** What the article rests on, listed at its end: its own sources, then those of the figures it quotes. */
  sources: ArticleSource[];
  /** The year-bound figures it quotes. */
  figures: { name: string; value: string; year: number }[];
  wordCount: number;
  readingMinutes: number;
  body: MarkdownDocument;
  /** Line of the source file on which the body starts, to place body messages. */
  bodyStartLine: number;
}

/** What a list or a link beside an article shows of one: its card (spec §2 Home, Insights, Article). */
export type ArticleSummary = Pick<Article, 'url' | 'title' | 'date' | 'summary' | 'draft'>;

/** A reference an article rests on. */
export interface ArticleSource {
  title: string;
  url: string;
}

/** A path that answers with a redirect to an article's canonical URL. */
export interface ArticleAlias {
  /** `/insights/{file-name slug}` */
  url: string;
  article: Article;
}

/** One patient-education handout (spec §3 Education topic). */
export interface Topic {
  title: string;
  system: string;
  subgroup: string;
  /** File name of the handout, without `.pdf`. */
  pdf: string;
  /** Address of an outside page about the topic, or `''`. */
  external: string;
  sourceTitle: string;
  /** `/pdfs/{pdf}.pdf` */
  pdfUrl: string;
  /** The handout's size in bytes and its number of pages, shown beside the link. */
  pdfBytes: number;
  pdfPages: number;
  /** Anchor of the section that lists the topic: its subgroup's, or its system's when it has none. */
  sectionAnchor: string;
}

/** A group of topics inside a system. */
export interface TopicSubgroup {
  name: string;
  anchor: string;
  topics: Topic[];
}

/** A body system and its topics (spec §2 Education: grouped by system, then subgroup). */
export interface TopicSystem {
  name: string;
  anchor: string;
  /** Topics with no subgroup, listed flat under the system (spec §4). */
  ungrouped: Topic[];
  subgroups: TopicSubgroup[];
}

/** Who the site is about: the one file an owner edits to make the site theirs. */
export interface SiteIdentity {
  name: string;
  credentials: string;
  specialty: string;
  practice: string;
  location: string;
  /** Absolute site address without a trailing slash, for canonical and sharing URLs. */
  siteUrl: string;
  logo: ImageAsset;
  favicon: ImageAsset;
  /** Above the fold: with its AVIF and WebP copies when it is a raster image. */
  photo: ImageAsset & { sources: ImageSource[] };
  photoAlt: string;
  socialImage: ImageAsset;
  tagline: string;
  intro: string;
  affiliationDisclaimer: string;
  /** Articles reviewed longer ago than this are reported by the build (HONcode: dated, current information). */
  reviewMaxAgeMonths: number;
  /** When the physician last checked the handouts, shown on the education page. */
  handoutsLastReviewed: CalendarDay | undefined;
  /** The About page's text: the body of the identity file. */
  biography: MarkdownDocument;
  /** The identity file and the line its body starts on, to place messages about the biography. */
  sourcePath: string;
  biographyStartLine: number;
}

/** Everything the pages are made from. */
export interface SiteModel {
  site: SiteIdentity;
  /** Articles shown, newest first (drafts only when the build asks for them). */
  articles: readonly Article[];
  aliases: readonly ArticleAlias[];
  topics: Topic[];
  systems: TopicSystem[];
}
