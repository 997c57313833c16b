/**
 * A small bilingual site whose translations name who translated them and who
 * reviewed the translation, in every way the two fields may be given: both
 * (the reviewer the physician), the translator alone, the reviewer alone,
 * neither. The pages' and the structured data's tests read it.
 */
import { article, SPANISH_FILES, type SiteFiles } from './sites.ts';

const english = (title: string, date: string) => article({ title, date });

export const CREDITED_FILES: SiteFiles = {
  ...SPANISH_FILES,
  'content/insights/knee.md': english('Knee Pain', '2025-10-01'),
  'content/insights/knee.es.md': article({ title: 'Dolor de rodilla', date: '2025-10-01', translatedBy: 'Lucía Gómez', translationReviewedBy: 'Dr. Test Person, MD' }),
  'content/insights/hip.md': english('Hip Pain', '2025-10-02'),
  'content/insights/hip.es.md': article({ title: 'Dolor de cadera', date: '2025-10-02', translatedBy: 'Lucía Gómez' }),
  'content/insights/neck.md': english('Neck Pain', '2025-10-03'),
  'content/insights/neck.es.md': article({ title: 'Dolor de cuello', date: '2025-10-03', translationReviewedBy: 'Dra. Ana Ruiz' }),
  'content/insights/back.md': english('Back Pain', '2025-10-04'),
  'content/insights/back.es.md': article({ title: 'Dolor de espalda', date: '2025-10-04' }),
};

/** The addresses of the credited site's articles, by file name. */
export const CREDITED_URLS = {
  knee: '/insights/knee-pain',
  kneeEs: '/es/insights/dolor-de-rodilla',
  hipEs: '/es/insights/dolor-de-cadera',
  neckEs: '/es/insights/dolor-de-cuello',
  backEs: '/es/insights/dolor-de-espalda',
} as const;
