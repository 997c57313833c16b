/**
 * The English catalogue: every word the site shows or reads aloud that the
 * physician did not write (navigation, buttons, labels for screen readers,
 * dates, the legal notice, the not-found pages, the out-of-date notices, the
 * feeds' and sharing cards' texts, the widget script's words). Another
 * language is another file of the same shape (`Messages`, in `index.ts`).
 *
 * A value that takes values is a function. A sentence with an element inside
 * it (a link, a day, a phone number) is a function that returns its pieces in
 * the order the language says them: the template gives it the elements, and
 * a link's own words come from the sentence (`link('911')`).
 */
import { dayFormat } from '../../build/lib/calendar-day.ts';
import { listOf } from '../../build/lib/list-of.ts';
import { formatTime } from '../../build/lib/office-hours.ts';

/** The language and region of the pages' `lang`, of dates and numbers, of the feeds and the structured data. */
const locale = 'en-US';

/** A day in a list (`10/17/2025`), and in words (`October 17, 2025`). */
const dates = {
  list: /* @__PURE__ */ dayFormat(locale, 'numeric'),
  long: /* @__PURE__ */ dayFormat(locale, 'long'),
};

/** Who translated an article and who reviewed the translation: one of the two at least. */
type TranslationCredit = { translator: string; reviewer: string | undefined } | { translator?: undefined; reviewer: string };

/** "This article may be out of date…": written by the build and, from the reader's date, by the widget script. */
const notices = {
  article: {
    lead: 'This article may be out of date.',
    reviewed: <T>({ day }: { day: T }) => [' It was last reviewed on ', day, '.'],
    figuresOver: <T>({ day, medicare }: { day: T; medicare: T }) => [' It was last reviewed on ', day, ', and Medicare amounts change every year: check ', medicare, " for this year's figures."],
  },
  handouts: {
    lead: 'These handouts may be out of date.',
    reviewed: <T>({ day }: { day: T }) => [' They were last reviewed on ', day, '.'],
  },
  medicare: { text: 'Medicare.gov', href: 'https://www.medicare.gov' },
};

/** What the widget script writes by itself. */
const widgets = {
  /** The print-only line under the header, with the reader's day in words. */
  printedOn: (day: string) => `Printed on ${day}`,
};

/** The part of the catalogue the widget script reads: its bundle carries these words alone (`script.ts`). */
export const enScript = { locale, dates, notices, widgets };

export const en = {
  locale,
  dates,
  notices,
  widgets,
  /** "A", "A and B", "A, B and C". */
  lists: { and: listOf },
  document: {
    homeTitle: ({ name, specialty, location }: { name: string; specialty: string; location: string }) => `${name} | ${specialty} in ${location}`,
    pageTitle: ({ title, name }: { title: string; name: string }) => `${title} | ${name}`,
    /** The site's sharing image, described for those who cannot see it. */
    imageAlt: ({ name, specialty, location }: { name: string; specialty: string; location: string }) => `${name}, ${specialty}, ${location}`,
    /** The words of both back-to-top controls: the article's link and the floating button. */
    backToTop: 'Back to Top',
    /** Paper only: where the printout came from. */
    pageAddress: (url: string) => `Page address: ${url}`,
  },
  header: { skipLink: 'Skip to main content', navigation: 'Main' },
  /** This language as a link to it names it, and the others as this language names them. */
  language: {
    name: 'English',
    names: { en: 'English', es: 'Spanish' },
    /** Near the top of an article in another language that has one in this language, in this language's words. */
    articleInIt: 'Read this article in English',
    /** A handout offered in another language than the page's. */
    inLanguage: (name: string) => `(in ${name})`,
  },
  nav: { home: 'Home', about: 'About', education: 'Educational Resources', insights: 'Insights' },
  footer: {
    call: <T>({ practice, phone }: { practice: string; phone: T }) => [practice === '' ? 'Call ' : `${practice}: call `, phone],
    directions: 'Address, office hours and directions',
    legalTitle: 'Legal notice',
    legal: <T>({ contact }: { contact: (text: string) => T }) => [
      'The information on this website is for general education only. It is not medical advice, and it is not a substitute for care from your own doctor. Reading this site, downloading a handout or ',
      contact('contacting the practice'),
      ' through it does not create a physician–patient relationship. Links to other websites are provided for convenience and are not endorsements.',
    ],
    emergency: 'If you think you have a medical emergency, call 911 or go to the nearest emergency room.',
    noAdvertising: { lead: 'No advertising, no sponsors.', text: 'This site carries no advertising and accepts no sponsorship; no company pays for or influences its content.' },
    privacy: { lead: 'Privacy.', text: 'This site sets no cookies and uses no trackers or analytics; its pages load nothing from other websites.' },
    navigation: 'Footer',
    copyright: <T>({ year, name }: { year: T; name: string }) => ['© ', year, ` ${name}. All rights reserved.`],
  },
  contact: {
    title: 'Contact the practice',
    call: 'Call',
    visit: 'Visit',
    map: 'Map and directions',
    mapNote: ' (Google Maps)',
    hours: 'Office hours',
    weekdays: { Monday: 'Monday', Tuesday: 'Tuesday', Wednesday: 'Wednesday', Thursday: 'Thursday', Friday: 'Friday', Saturday: 'Saturday', Sunday: 'Sunday' },
    /** `17:00` → `5:00 p.m.` */
    time: formatTime,
    closed: 'Closed',
    languages: 'Languages',
    speaks: (languages: string) => `The office speaks ${languages}.`,
    appointments: 'Appointments',
    askForAppointment: <T>({ phone, portal }: { phone: T; portal: ((text: string) => T) | undefined }) => [
      'To ask for an appointment, call ',
      phone,
      ' during office hours',
      ...(portal === undefined ? ['.'] : [', or ', portal('request one through the patient portal'), '.']),
    ],
    medicareTitle: 'Medicare and insurance',
    acceptsMedicare: 'The practice accepts Medicare.',
    refusesMedicare: 'The practice does not accept Medicare.',
    plansAccepted: 'Plans accepted:',
    plansChange: 'Plans change every year: please call to check that yours is accepted.',
    afterHours: 'After hours',
    emergency: <T>({ call911 }: { call911: (text: string) => T }) => ['In a medical emergency, call ', call911('911')],
    emergencyRest: ' or go to the nearest emergency room.',
    afterHoursLine: <T>({ phone }: { phone: T }) => ['After-hours line: ', phone],
  },
  home: {
    eyebrow: 'About the physician',
    moreAbout: (name: string) => `More about ${name}`,
    call: 'Call',
    topicsTitle: 'Educational Topics',
    topicsLead: 'Printable handouts on common conditions, written for patients.',
    allTopics: 'View All Topics',
    insightsTitle: 'Physician’s Insights',
    noArticles: 'New articles are on their way.',
    allInsights: 'View All Insights',
  },
  insights: {
    title: 'Insights',
    heading: 'Physician’s Insights',
    description: (name: string) => `Articles by ${name} on Medicare, insurance and everyday health.`,
    lead: 'Plain-language articles on Medicare, insurance and everyday health. They are educational, not personal advice.',
    empty: 'There are no articles yet.',
  },
  article: {
    /** A draft is marked wherever it shows (a `--drafts` preview). */
    draft: 'Draft',
    imageAlt: ({ title, author }: { title: string; author: string }) => `${title}, by ${author}`,
    neighboursAbove: 'Newer and older articles',
    neighboursBelow: 'More articles',
    previous: 'Previous · Newer',
    next: 'Next · Older',
    readingTime: (minutes: number) => `${minutes} min read`,
    writtenBy: (author: string) => `Written by ${author}`,
    lastReviewed: <T>({ day, reviewer }: { day: T; reviewer: string }) => ['Last reviewed ', day, ` by ${reviewer}`],
    /** On a translation, beside its review. */
    translated: ({ translator, reviewer }: TranslationCredit) => (translator === undefined ? `Translation reviewed by ${reviewer}` : `Translated by ${translator}${reviewer === undefined ? '' : `, reviewed by ${reviewer}`}`),
    /** The years in words, "2025 and 2026". */
    figureYears: (years: string) => `Medicare figures quoted here are for ${years}.`,
    sources: 'Sources',
    allInsights: 'All Insights',
    /** Near the top of a translation whose original was updated after it was made, with the original's language as this language names it. */
    originalUpdated: (language: string) => `The ${language} original of this article was updated after this translation.`,
    readOriginal: <T>({ language, link }: { language: string; link: (text: string) => T }) => [' ', link(`Read the ${language} version`), '.'],
  },
  education: {
    title: 'Educational Resources',
    description: 'Free patient-education handouts to download and print, grouped by body system.',
    lead: 'Handouts on common conditions, written for patients and families. Download one, print it, and bring your questions to your next visit.',
    lastReviewed: <T>({ day, reviewer }: { day: T; reviewer: string }) => ['Handouts last reviewed ', day, ` by ${reviewer}`],
    legendTitle: 'What the links do',
    downloadPdf: 'Download PDF',
    downloadPdfMeaning: 'Opens a printable handout (a PDF file) on this website.',
    external: 'External resource',
    externalMeaning: 'Opens a page on another organization’s website in a new tab.',
    topicIndex: 'Topics on this page',
    topicIndexTitle: 'Jump to a topic group',
    /** Read after "Download PDF" by a screen reader, which hears each link alone. */
    pdfOf: (title: string) => `: ${title},`,
    pdfSize: ({ size, pages }: { size: string; pages: number }) => `(${size}, ${pages} ${pages === 1 ? 'page' : 'pages'})`,
    /** A topic's outside source, when it has no title of its own. */
    moreInformation: 'More information',
    newTab: ' (opens in a new tab)',
    disclaimer:
      'These handouts are general information to help you understand a condition and talk with your doctor. They are not medical advice, a diagnosis or a treatment plan for you. Outside websites are listed for convenience; this practice does not control or endorse them.',
  },
  about: {
    title: (name: string) => `About ${name}`,
    specialty: 'Specialty',
    practice: 'Practice',
    location: 'Location',
  },
  redirect: {
    heading: 'This article has moved',
    movedTo: <T>({ link }: { link: T }) => ['Its address is now ', link, '.'],
  },
  notFound: {
    page: {
      title: 'Page not found',
      description: 'There is no page at this address.',
      text: 'Sorry, there is no page at this address. It may have moved, or the link may have a typing mistake.',
      home: 'Go to the home page',
      insights: 'Read the Insights articles',
      education: 'Find a patient handout',
    },
    article: { title: 'Article not found', text: 'The requested article could not be located.', back: '← Back to Insights' },
  },
  /** What search engines read of a page, beyond its title. */
  structuredData: {
    insightsDescription: (name: string) => `Articles by ${name}.`,
    educationDescription: 'Patient-education handouts.',
    jobTitle: (specialty: string) => `${specialty} physician`,
    /** The role of who checked a translation against its original: a contributor to the translated article. */
    translationReviewer: 'Translation reviewer',
  },
  feeds: {
    title: (name: string) => `${name}: Insights`,
    description: ({ name, specialty, location }: { name: string; specialty: string; location: string }) => `Articles by ${name}, ${specialty}, ${location}. Educational information, not medical advice.`,
    copyright: (name: string) => `© ${name}`,
  },
  /** What the markdown stage writes into a body (build/markdown/plugins/words.ts): a screen reader reads them. */
  body: {
    footnotes: 'Footnotes',
    backToReference: 'Back to reference',
    table: 'Table',
  },
  cards: {
    heading: 'PHYSICIAN’S INSIGHTS',
    byline: ({ specialty, location }: { specialty: string; location: string }) => `${specialty} · ${location}`,
  },
};
