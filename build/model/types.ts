/**
 * The site's data model: what the model stage produces and, with what the
 * markdown stage finds in each body, what the templates receive. Types only,
 * so templates can import it without pulling in any build library.
 */
import type { CalendarDay } from '../lib/calendar-day.ts';
import type { Language } from '../lib/languages.ts';
import type { PartVersions, TranslatedPart } from '../lib/translation-version.ts';
import type { OfficeHours } from '../lib/office-hours.ts';
import type { PhoneNumber } from '../lib/phone.ts';
import type { ImageSource } from '../lib/responsive-image.ts';

export type { Language } from '../lib/languages.ts';
export type { OfficeHours } from '../lib/office-hours.ts';
export type { PhoneNumber } from '../lib/phone.ts';
export type { PartVersions, TranslatedPart } from '../lib/translation-version.ts';

/** An image published from assets/, with the size the page reserves for it. */
export interface ImageAsset {
  /** Root-relative URL, e.g. `/images/physician.svg`. */
  url: string;
  width: number;
  height: number;
}

/** A reference an article rests on. */
export interface ArticleSource {
  title: string;
  url: string;
}

/**
 * How a translation stands against its original as it is now: current, made
 * from a version since changed (and which of its parts changed), or not
 * known, since it records no version (`unrecorded`) or one not as the tools
 * write it (`unreadable`).
 */
export type TranslationStanding = { state: 'current' | 'unrecorded' | 'unreadable' } | { state: 'outdated'; changed: TranslatedPart[] };

/** One Insights article, from its file (spec §3 Article). */
export interface Article {
  sourcePath: string;
  /** The language it is written in, from its file name (`part-d-2026.es.md` is Spanish). */
  language: Language;
  /** The file of the original it translates (`part-d-2026.md`): its own path when it is in the default language. Articles with the same original are translations of each other. */
  original: string;
  /** The slugified title: the article's canonical address. */
  slug: string;
  /** The slugified file name, which redirects to the canonical address. */
  fileSlug: string;
  /** `/insights/{slug}`, under its language's folder (`/es/insights/{slug}`) */
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
  /** Who translated it, and who checked the translation against its original: named on a translation only, nobody when not given. */
  translatedBy: string | undefined;
  translationReviewedBy: string | undefined;
  /** The sources its front matter lists. */
  sources: ArticleSource[];
  /** The markdown body, and a hash of it. */
  body: string;
  bodyDigest: string;
  /** Line of the source file on which the body starts, to place body messages. */
  bodyStartLine: number;
  /** Line of its `title:`, where a message about its address points. */
  titleLine: number | undefined;
  /** Lines of its `summary:` and `sources:`, where a message about what a translation of it says points. */
  summaryLine: number | undefined;
  sourcesLine: number | undefined;
  /** Line of its `date:`, where a message about a date still to come points. */
  dateLine: number | undefined;
  /** Line of its `lastReviewed:` (its `date:` when it has none), where a message about an old review points. */
  reviewedLine: number | undefined;
  /** Lines of the fields that name a person, where a message about a name left from the sample points. */
  bylineLines: Record<BylineField, number | undefined>;
  /** The version of each part a translation follows, which a translation of it records. */
  versions: PartVersions;
  /** For a translation: the versions of its original's parts it was made from (`translatedFrom`), `unreadable` for a record not as the tools write it; undefined for none. */
  translatedFrom: PartVersions | 'unreadable' | undefined;
  /** Line of its `translatedFrom:`, where a message about its original's changes points. */
  translatedFromLine: number | undefined;
  /** For a translation of an original the site has (a draft or not): how it stands against it; undefined for any other article. */
  standing: TranslationStanding | undefined;
}

/** The fields of an article that name a person: who wrote it, reviewed it, translated it, reviewed the translation. */
export type BylineField = 'author' | 'reviewedBy' | 'translatedBy' | 'translationReviewedBy';

/** What a list or a link beside an article shows of one: its card (spec §2 Home, Insights, Article). */
export type ArticleSummary = Pick<Article, 'url' | 'title' | 'date' | 'summary' | 'draft'>;

/** A year-bound figure an article quotes. */
export interface QuotedFigure {
  name: string;
  value: string;
  year: number;
}

/**
 * An article with what its body says: its words, the figures it quotes, and
 * its sources with those of its figures. What its page, feeds and
 * structured data show.
 */
export interface ArticleWithBody extends Article {
  wordCount: number;
  readingMinutes: number;
  /** Each with the line of the source file where the body first quotes it. */
  figures: (QuotedFigure & { line: number | undefined })[];
  /** Its own sources, then those of the figures it quotes. */
  allSources: ArticleSource[];
}

/** A path that answers with a redirect to an article's canonical URL. */
export interface ArticleAlias {
  /** `/insights/{file-name slug}` */
  url: string;
  article: Article;
}

/** A topic's words in another language: its group named by the language's code (`es:`). */
export interface TopicWords {
  title: string;
  system: string;
  subgroup: string;
}

/** One patient-education handout (spec §3 Education topic), as the page of one language shows it. */
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
  /** The language of the handout linked: the page's, or the default's where the handout has no translation yet. */
  pdfLanguage: Language;
  /** Its words in each other language it is written in. */
  translations: Partial<Record<Language, TopicWords>>;
  /** Its handout in each other language there is one for (`{pdf}.es.pdf`), with its size and pages, and how it stands against the handout it translates (`translatedFrom` of its language's group). */
  translatedPdfs: Partial<Record<Language, { url: string; bytes: number; pages: number; standing: TranslationStanding['state'] }>>;
  /** Line of the topic in the topics file, where a message about it points. */
  line: number | undefined;
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

/** An amount or date that holds for one year, quoted in articles by name (`{{name}}`). */
export interface Figure extends QuotedFigure {
  about: string;
  source: ArticleSource;
  /** In each other language (its `es:` group): its value where it is written in words (a value in figures alone, `$2,100`, is quoted as it is), and its source's title. */
  translations: Partial<Record<Language, { value: string; sourceTitle: string }>>;
}

/** Where the practice is (schema.org PostalAddress). */
export interface PracticeAddress {
  street: string;
  city: string;
  /** The state, as written: `FL`. */
  state: string;
  zip: string;
  /** `US` when not given. */
  country: string;
}

/** How patients reach the practice: what the contact block, the footer and the structured data show. */
export interface PracticeContact {
  phone: PhoneNumber;
  address: PracticeAddress;
  /** The address on a map site: a plain link the reader chooses to follow; nothing is embedded. */
  mapUrl: string;
  /** In the order written; days in none of them are shown as closed. */
  hours: OfficeHours[];
  /** Languages spoken at the office, as written (`English`, `Spanish`). */
  languages: string[];
  /** A patient portal where an appointment can be requested; by phone only when undefined. */
  appointmentUrl: string | undefined;
  /** Whether the practice takes Medicare; not said when undefined. */
  acceptsMedicare: boolean | undefined;
  /** Plans accepted, as written. */
  insurancePlans: string[];
  /** The line that reaches a doctor after hours, if the practice has one. */
  afterHoursPhone: PhoneNumber | undefined;
  /** What else to do after hours, in the physician's words. */
  afterHours: string | undefined;
}

/** Who the site is about: the one file an owner edits to make the site theirs. */
export interface SiteIdentity {
  /** The language its prose is written in: site.md's is the default; a translation's (`site.es.md`) its own. */
  language: Language;
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
  /** Articles reviewed longer ago than this are out of date (HONcode: dated, current information). */
  reviewMaxAgeMonths: number;
  /** When the physician last checked the handouts, shown on the education page. */
  handoutsLastReviewed: CalendarDay | undefined;
  /** Line of `handoutsLastReviewed:`, where a message about the handouts' old review points. */
  handoutsReviewedLine: number | undefined;
  /** How patients reach the practice: phone, address, hours, languages, appointments, Medicare, after hours. */
  contact: PracticeContact;
  /** The About page's text: the body of the identity file, and where it starts. */
  biography: string;
  sourcePath: string;
  biographyStartLine: number;
}

/** Everything the pages are made from, before the bodies are processed. */
export interface SiteModel {
  /** The identity in the default language (site.md). */
  site: SiteIdentity;
  /** The identity in every language the site is written in, the default first: a language is there when site.md has its translation (`site.es.md`). */
  sites: ReadonlyMap<Language, SiteIdentity>;
  /** Articles shown, newest first (drafts only when the build asks for them). */
  articles: readonly Article[];
  /** Drafts the build leaves out: what the draft-leak check looks for. */
  hiddenDrafts: readonly Article[];
  aliases: readonly ArticleAlias[];
  topics: Topic[];
  systems: TopicSystem[];
  /** The year-bound figures, by name. */
  figures: ReadonlyMap<string, Figure>;
}
