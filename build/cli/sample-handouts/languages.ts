/**
 * The languages the sample handouts are made in, each in one place: the words
 * every handout of the language carries whatever its topic, on the page and in
 * its document properties, the file that holds its topics' own words, and
 * the group of education-topics.yaml that names each topic in it.
 */
import { fileURLToPath } from 'node:url';
import { SAMPLE_HANDOUT_SUBJECTS } from '../../model/sample.ts';
import type { PageWords } from './layout.ts';

/** What a handout says whatever its topic, in one language. */
export interface HandoutWords extends PageWords {
  /** The document's language, in which a screen reader speaks it. */
  language: string;
  /** The start of the line above the title, before the topic's system and subgroup. */
  patientEducation: string;
  author: string;
  /** How the Subject begins, before the title: what tells a sample from the physician's own handout. */
  subject: string;
  /** The last of the keywords, after the topic's system and subgroup. */
  sample: string;
}

/** A language of the sample handouts: its words, and where its topics' words are. */
export interface HandoutLanguage {
  /** How its handouts' names end before `.pdf`: `knee-osteoarthritis.es.pdf` is Spanish. */
  suffix: string;
  /** Each topic's headings and paragraphs, by its PDF's name. */
  texts: string;
  /** The group of each topic in education-topics.yaml that names it in this language (`es:`); undefined for English, whose names are the topic's own. */
  group: string | undefined;
  words: HandoutWords;
}

const beside = (name: string): string => fileURLToPath(new URL(name, import.meta.url));

export const ENGLISH: HandoutLanguage = {
  suffix: '',
  texts: beside('handouts.yaml'),
  group: undefined,
  words: {
    language: 'en-US',
    patientEducation: 'Patient education',
    sampleNotice: 'Sample handout — replace this file with your own',
    disclaimer: 'Educational information only, not medical advice. Talk with your doctor about your own situation. In an emergency, call 911.',
    placeholderLine: 'Sample content for demonstration. Dr. Alex Sample is a placeholder name.',
    notesHeading: 'My questions and notes for my next visit',
    continued: (title) => `${title} (continued)`,
    pageOf: (page, pages) => `Page ${page} of ${pages}`,
    author: 'Dr. Alex Sample (sample handout)',
    subject: SAMPLE_HANDOUT_SUBJECTS.en,
    sample: 'sample',
  },
};

export const SPANISH: HandoutLanguage = {
  suffix: '.es',
  texts: beside('handouts.es.yaml'),
  group: 'es',
  words: {
    language: 'es-US',
    patientEducation: 'Educación para pacientes',
    sampleNotice: 'Folleto de muestra — reemplace este archivo por el suyo',
    disclaimer: 'Solo información educativa, no consejo médico. Hable con su médico sobre su caso. En una emergencia, llame al 911.',
    placeholderLine: 'Contenido de muestra para demostración. El nombre Dr. Alex Sample es ficticio.',
    notesHeading: 'Mis preguntas y notas para mi próxima consulta',
    continued: (title) => `${title} (continuación)`,
    pageOf: (page, pages) => `Página ${page} de ${pages}`,
    author: 'Dr. Alex Sample (folleto de muestra)',
    subject: SAMPLE_HANDOUT_SUBJECTS.es,
    sample: 'muestra',
  },
};

/** Every language the samples are made in, English first: a translation is made beside its English handout. */
export const HANDOUT_LANGUAGES: readonly HandoutLanguage[] = [ENGLISH, SPANISH];
