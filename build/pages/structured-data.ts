/**
 * The JSON-LD of each page: one graph whose nodes are linked by
 * stable `@id`s, so that search engines see one website, one physician, and
 * for each page what it is. Articles and the education page are
 * MedicalWebPage for patients, reviewed by the physician (an article by the
 * reviewer it names, when another); each Insight is also
 * an Article with its author, dates and publisher, and a translation with who
 * translated it and who reviewed the translation. Typed with schema-dts.
 */
import type { AboutPage, Article as ArticleNode, CollectionPage, Graph, IndividualPhysician, MedicalWebPage, OpeningHoursSpecification, Person, PostalAddress, Thing, WebPage, WebSite } from 'schema-dts';
import { displayName } from '../../templates/context.ts';
import type { Messages } from '../../templates/messages/index.ts';
import { TOUCH_ICON } from '../config.ts';
import { internationalPhone } from '../lib/phone.ts';
import { lastChanged, type ArticleWithBody, type SiteIdentity } from '../model/index.ts';

/** What a page is, for its structured data. */
export type PageSubject =
  | { kind: 'home' | 'insights' | 'education' | 'about'; url: string; title: string; description: string }
  | { kind: 'article'; url: string; article: ArticleWithBody; imageUrl: string }
  | { kind: 'other' };

const ids = (site: SiteIdentity) => ({ website: `${site.siteUrl}/#website`, physician: `${site.siteUrl}/#physician` });

/**
 * How to reach the physician: phone, address, opening hours (schema.org's
 * day URLs, 24-hour times) and a link to a map, which IndividualPhysician
 * has as a medical business; the languages spoken as `availableLanguage`, the
 * property search engines read for a practice, and `knowsLanguage`, a
 * person's, since the node is both.
 */
function contactProperties(site: SiteIdentity) {
  const { contact } = site;
  const address: PostalAddress = { '@type': 'PostalAddress', streetAddress: contact.address.street, addressLocality: contact.address.city, addressRegion: contact.address.state, postalCode: contact.address.zip, addressCountry: contact.address.country };
  const openingHoursSpecification: OpeningHoursSpecification[] = contact.hours.map((entry) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: entry.days.map((day) => `https://schema.org/${day}` as const),
    opens: entry.opens,
    closes: entry.closes,
  }));
  const business = { telephone: internationalPhone(contact.phone), address, openingHoursSpecification, hasMap: contact.mapUrl } satisfies Partial<Exclude<IndividualPhysician, string>>;
  const languages = contact.languages.length === 0 ? {} : { availableLanguage: contact.languages, knowsLanguage: contact.languages };
  return { ...business, ...languages };
}

function siteNodes(site: SiteIdentity, messages: Messages): Thing[] {
  const { website, physician } = ids(site);
  const websiteNode: WebSite = {
    '@type': 'WebSite',
    '@id': website,
    url: `${site.siteUrl}/`,
    name: displayName(site),
    description: site.tagline,
    inLanguage: messages.locale,
    publisher: { '@id': physician },
  };
  const physicianNode = {
    '@type': 'Person',
    '@id': physician,
    name: site.name,
    ...(site.credentials === '' ? {} : { honorificSuffix: site.credentials }),
    jobTitle: messages.structuredData.jobTitle(site.specialty),
    knowsAbout: site.specialty,
    // The clinic's logo as a square raster, as search engines ask of an organisation's logo.
    ...(site.practice === '' ? {} : { worksFor: { '@type': 'MedicalClinic', name: site.practice, areaServed: site.location, logo: `${site.siteUrl}/${TOUCH_ICON.file}` } }),
    workLocation: { '@type': 'Place', name: site.location },
    url: `${site.siteUrl}/about`,
    image: `${site.siteUrl}${site.photo.url}`,
  } satisfies Person;
  // A person who is a physician: schema.org's IndividualPhysician, alongside Person for the
  // consumers that do not know it yet. schema-dts types one @type per node, hence the spread.
  return [websiteNode, { ...physicianNode, ...contactProperties(site), '@type': ['Person', 'IndividualPhysician'] } as unknown as Thing];
}

/** A person an article names (its author, its reviewer): the physician's node when none is named or the name is the physician's, else a person of that name. */
function namedPerson(name: string | undefined, site: SiteIdentity): Person | { '@id': string } {
  return name === undefined || name === site.name || name === displayName(site) ? { '@id': ids(site).physician } : { '@type': 'Person', name };
}

/**
 * Who translated a translation, as schema.org's `translator`, and who checked
 * the translation, as a `contributor` in that role (schema.org's Role): the
 * page's `reviewedBy` is the medical review, which a translation's reviewer
 * does not make.
 */
function translationCredits(article: ArticleWithBody, site: SiteIdentity, messages: Messages) {
  const { translatedBy, translationReviewedBy } = article;
  return {
    ...(translatedBy === undefined ? {} : { translator: namedPerson(translatedBy, site) }),
    ...(translationReviewedBy === undefined ? {} : { contributor: { '@type': 'Role', roleName: messages.structuredData.translationReviewer, contributor: namedPerson(translationReviewedBy, site) } }),
  } satisfies Partial<Exclude<ArticleNode, string>>;
}

function pageNode(subject: PageSubject, site: SiteIdentity, messages: Messages): Thing[] {
  const { website, physician } = ids(site);
  if (subject.kind === 'other') return [];
  const url = `${site.siteUrl}${subject.url === '/' ? '/' : subject.url}`;
  const common = { '@id': `${url}#webpage`, url, isPartOf: { '@id': website }, inLanguage: messages.locale } as const;
  const forPatients = { audience: { '@type': 'Patient' }, reviewedBy: { '@id': physician } } as const;
  switch (subject.kind) {
    case 'article': {
      const { article } = subject;
      const page: MedicalWebPage = { '@type': 'MedicalWebPage', ...common, ...forPatients, reviewedBy: namedPerson(article.reviewedBy, site), name: article.title, description: article.summary, lastReviewed: article.lastReviewed, mainEntity: { '@id': `${url}#article` } };
      const node: ArticleNode = {
        '@type': 'Article',
        '@id': `${url}#article`,
        headline: article.title,
        description: article.summary,
        datePublished: article.date,
        dateModified: lastChanged(article),
        author: namedPerson(article.author, site),
        publisher: { '@id': physician },
        image: subject.imageUrl,
        mainEntityOfPage: { '@id': `${url}#webpage` },
        inLanguage: messages.locale,
        wordCount: article.wordCount,
        ...translationCredits(article, site, messages),
        ...(article.allSources.length === 0 ? {} : { citation: article.allSources.map((source) => ({ '@type': 'CreativeWork' as const, name: source.title, url: source.url })) }),
      };
      return [page, node];
    }
    case 'education': {
      const page: MedicalWebPage = { '@type': 'MedicalWebPage', ...common, ...forPatients, name: subject.title, description: subject.description, ...(site.handoutsLastReviewed === undefined ? {} : { lastReviewed: site.handoutsLastReviewed }) };
      return [page];
    }
    case 'about': {
      const page: AboutPage = { '@type': 'AboutPage', ...common, name: subject.title, description: subject.description, mainEntity: { '@id': physician } };
      return [page];
    }
    case 'insights': {
      const page: CollectionPage = { '@type': 'CollectionPage', ...common, name: subject.title, description: subject.description, author: { '@id': physician } };
      return [page];
    }
    default: {
      const page: WebPage = { '@type': 'WebPage', ...common, name: subject.title, description: subject.description, about: { '@id': physician } };
      return [page];
    }
  }
}

/** The page's graph, ready for a `<script type="application/ld+json">`, in the words of the page's language. */
export function structuredData(subject: PageSubject, site: SiteIdentity, messages: Messages): Graph {
  return { '@context': 'https://schema.org', '@graph': [...siteNodes(site, messages), ...pageNode(subject, site, messages)] };
}
