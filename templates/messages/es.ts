/**
 * The Spanish catalogue, of English's shape (`Messages`): written for older
 * readers, with usted and plain words (DECISIONS.md "Languages"). Dates are
 * always in words (`17 de octubre de 2025`): `17/10/2025` would read as
 * another day to a reader in the United States. Numbers keep US style.
 */
import { dayFormat } from '../../build/lib/calendar-day.ts';
import type { Messages } from './index.ts';

const locale = 'es-US';

/** Lists always in words too: the numeric form puts the day first. */
const dates = {
  list: /* @__PURE__ */ dayFormat(locale, 'long'),
  long: /* @__PURE__ */ dayFormat(locale, 'long'),
};

/** "A", "A y B", "A, B y C"; "e" before a word that starts with the sound of i ("español e inglés"). */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  const last = items.at(-1) ?? '';
  const and = /^h?[ií](?![aeiouáéó])/i.test(last) ? 'e' : 'y';
  return `${items.slice(0, -1).join(', ')} ${and} ${last}`;
}

/** "el Dr. Sample", "la Dra. Sample", "Alex Sample": Spanish puts the article before a title. */
function withArticle(name: string): string {
  if (/^Dra\.?\s/.test(name)) return `la ${name}`;
  return /^Dr\.?\s/.test(name) ? `el ${name}` : name;
}

/** "del Dr. Sample", "de la Dra. Sample", "de Alex Sample". */
function ofName(name: string): string {
  return `de ${withArticle(name)}`.replace(/^de el /, 'del ');
}

/** `17:00` → `5:00 p. m.`, with the spaces Spanish style guides ask for. */
function time(written: string): string {
  const [hour = 0, minute = 0] = written.split(':').map(Number);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'a. m.' : 'p. m.'}`;
}

const notices = {
  article: {
    lead: 'Es posible que este artículo no esté al día.',
    reviewed: <T>({ day }: { day: T }) => [' Se revisó por última vez el ', day, '.'],
    figuresOver: <T>({ day, medicare }: { day: T; medicare: T }) => [' Se revisó por última vez el ', day, ', y las cantidades de Medicare cambian cada año: consulte ', medicare, ' para ver las cifras de este año.'],
  },
  handouts: {
    lead: 'Es posible que estos folletos no estén al día.',
    reviewed: <T>({ day }: { day: T }) => [' Se revisaron por última vez el ', day, '.'],
  },
  medicare: { text: 'Medicare.gov', href: 'https://www.medicare.gov' },
};

const widgets = {
  printedOn: (day: string) => `Impreso el ${day}`,
};

/** The part of the catalogue the widget script reads (`script.ts`). */
export const esScript = { locale, dates, notices, widgets };

export const es: Messages = {
  locale,
  dates,
  notices,
  widgets,
  lists: { and: listOf },
  document: {
    homeTitle: ({ name, specialty, location }) => `${name} | ${specialty} en ${location}`,
    pageTitle: ({ title, name }) => `${title} | ${name}`,
    imageAlt: ({ name, specialty, location }) => `${name}, ${specialty} en ${location}`,
    backToTop: 'Volver arriba',
    pageAddress: (url) => `Dirección de esta página: ${url}`,
  },
  header: { skipLink: 'Ir al contenido principal', navigation: 'Principal' },
  language: {
    name: 'Español',
    names: { en: 'inglés', es: 'español' },
    articleInIt: 'Lea este artículo en español',
    inLanguage: (name) => `(en ${name})`,
  },
  nav: { home: 'Inicio', about: 'Acerca de', education: 'Recursos educativos', insights: 'Artículos' },
  footer: {
    call: <T>({ practice, phone }: { practice: string; phone: T }) => [practice === '' ? 'Llame al ' : `${practice}: llame al `, phone],
    directions: 'Dirección, horario y cómo llegar',
    legalTitle: 'Aviso legal',
    legal: <T>({ contact }: { contact: (text: string) => T }) => [
      'La información de este sitio web es solo para educación general. No es un consejo médico y no sustituye la atención de su propio médico. Leer este sitio, descargar un folleto o ',
      contact('comunicarse con el consultorio'),
      ' a través de él no crea una relación entre médico y paciente. Los enlaces a otros sitios web se ofrecen para su comodidad y no significan que los respaldemos.',
    ],
    emergency: 'Si cree que tiene una emergencia médica, llame al 911 o vaya a la sala de emergencias más cercana.',
    noAdvertising: { lead: 'Sin publicidad ni patrocinadores.', text: 'Este sitio no tiene publicidad ni acepta patrocinios; ninguna empresa paga su contenido ni influye en él.' },
    privacy: { lead: 'Privacidad.', text: 'Este sitio no guarda cookies ni usa rastreadores o herramientas para contar las visitas; sus páginas no cargan nada de otros sitios web.' },
    navigation: 'Pie de página',
    copyright: <T>({ year, name }: { year: T; name: string }) => ['© ', year, ` ${name}. Todos los derechos reservados.`],
  },
  contact: {
    title: 'Comuníquese con el consultorio',
    call: 'Llámenos',
    visit: 'Visítenos',
    map: 'Mapa y cómo llegar',
    mapNote: ' (Google Maps)',
    hours: 'Horario de atención',
    weekdays: { Monday: 'lunes', Tuesday: 'martes', Wednesday: 'miércoles', Thursday: 'jueves', Friday: 'viernes', Saturday: 'sábado', Sunday: 'domingo' },
    time,
    closed: 'Cerrado',
    languages: 'Idiomas',
    speaks: (languages) => `En el consultorio se habla ${languages.toLocaleLowerCase(locale)}.`,
    appointments: 'Citas',
    askForAppointment: <T>({ phone, portal }: { phone: T; portal: ((text: string) => T) | undefined }) => [
      'Para pedir una cita, llame al ',
      phone,
      ' en horario de atención',
      ...(portal === undefined ? ['.'] : [', o ', portal('pídala en el portal del paciente'), '.']),
    ],
    medicareTitle: 'Medicare y seguros médicos',
    acceptsMedicare: 'El consultorio acepta Medicare.',
    refusesMedicare: 'El consultorio no acepta Medicare.',
    plansAccepted: 'Planes que aceptamos:',
    plansChange: 'Los planes cambian cada año: por favor, llame para confirmar que aceptamos el suyo.',
    afterHours: 'Fuera del horario de atención',
    emergency: <T>({ call911 }: { call911: (text: string) => T }) => ['En una emergencia médica, llame al ', call911('911')],
    emergencyRest: ' o vaya a la sala de emergencias más cercana.',
    afterHoursLine: <T>({ phone }: { phone: T }) => ['Línea fuera de horario: ', phone],
  },
  home: {
    eyebrow: 'Sobre el médico',
    moreAbout: (name) => `Más sobre ${withArticle(name)}`,
    call: 'Llamar al',
    topicsTitle: 'Temas educativos',
    topicsLead: 'Folletos para imprimir sobre problemas de salud comunes, escritos para pacientes.',
    allTopics: 'Ver todos los temas',
    insightsTitle: 'Artículos del médico',
    noArticles: 'Pronto habrá artículos nuevos.',
    allInsights: 'Ver todos los artículos',
  },
  insights: {
    title: 'Artículos',
    heading: 'Artículos del médico',
    description: (name) => `Artículos ${ofName(name)} sobre Medicare, seguros médicos y la salud de todos los días.`,
    lead: 'Artículos en palabras sencillas sobre Medicare, seguros médicos y la salud de todos los días. Son educativos; no son consejos para su caso personal.',
    empty: 'Todavía no hay artículos.',
  },
  article: {
    draft: 'Borrador',
    imageAlt: ({ title, author }) => `${title}, por ${withArticle(author)}`,
    neighboursAbove: 'Artículos más recientes y más antiguos',
    neighboursBelow: 'Más artículos',
    previous: 'Anterior · Más reciente',
    next: 'Siguiente · Más antiguo',
    readingTime: (minutes) => `${minutes} min de lectura`,
    writtenBy: (author) => `Escrito por ${withArticle(author)}`,
    lastReviewed: <T>({ day, reviewer }: { day: T; reviewer: string }) => ['Revisado por última vez el ', day, ` por ${withArticle(reviewer)}`],
    translated: ({ translator, reviewer }) => (translator === undefined ? `Traducción revisada por ${withArticle(reviewer)}` : `Traducido por ${withArticle(translator)}${reviewer === undefined ? '' : `, revisado por ${withArticle(reviewer)}`}`),
    figureYears: (years) => `Las cifras de Medicare que se citan aquí son de ${years}.`,
    sources: 'Fuentes',
    allInsights: 'Todos los artículos',
    originalUpdated: (language) => `La versión original en ${language} de este artículo se actualizó después de esta traducción.`,
    readOriginal: <T>({ language, link }: { language: string; link: (text: string) => T }) => [' ', link(`Lea la versión en ${language}`), '.'],
  },
  education: {
    title: 'Recursos educativos',
    description: 'Folletos gratuitos de educación para pacientes, para descargar e imprimir, agrupados por sistema del cuerpo.',
    lead: 'Folletos sobre problemas de salud comunes, escritos para pacientes y sus familias. Descargue uno, imprímalo y traiga sus preguntas a su próxima consulta.',
    lastReviewed: <T>({ day, reviewer }: { day: T; reviewer: string }) => ['Folletos revisados por última vez el ', day, ` por ${withArticle(reviewer)}`],
    legendTitle: 'Qué hace cada enlace',
    downloadPdf: 'Descargar PDF',
    downloadPdfMeaning: 'Abre un folleto para imprimir (un archivo PDF) de este sitio web.',
    external: 'Recurso externo',
    externalMeaning: 'Abre una página del sitio web de otra organización en una pestaña nueva.',
    topicIndex: 'Temas de esta página',
    topicIndexTitle: 'Ir a un grupo de temas',
    pdfOf: (title) => `: ${title},`,
    pdfSize: ({ size, pages }) => `(${size}, ${pages} ${pages === 1 ? 'página' : 'páginas'})`,
    moreInformation: 'Más información',
    newTab: ' (se abre en una pestaña nueva)',
    disclaimer:
      'Estos folletos son información general para ayudarle a entender un problema de salud y a hablar con su médico. No son un consejo médico, un diagnóstico ni un plan de tratamiento para usted. Los sitios web de otras organizaciones se incluyen para su comodidad; este consultorio no los controla ni los respalda.',
  },
  about: {
    title: (name) => `Acerca ${ofName(name)}`,
    specialty: 'Especialidad',
    practice: 'Consultorio',
    location: 'Ubicación',
  },
  redirect: {
    heading: 'Este artículo cambió de dirección',
    movedTo: <T>({ link }: { link: T }) => ['Ahora está en esta dirección: ', link, '.'],
  },
  notFound: {
    page: {
      title: 'No se encontró la página',
      description: 'No hay ninguna página en esta dirección.',
      text: 'Lo sentimos, no hay ninguna página en esta dirección. Es posible que haya cambiado de lugar o que el enlace tenga un error de escritura.',
      home: 'Ir a la página de inicio',
      insights: 'Leer los artículos',
      education: 'Buscar un folleto para pacientes',
    },
    article: { title: 'No se encontró el artículo', text: 'No pudimos encontrar el artículo que busca.', back: '← Volver a los artículos' },
  },
  structuredData: {
    insightsDescription: (name) => `Artículos ${ofName(name)}.`,
    educationDescription: 'Folletos de educación para pacientes.',
    jobTitle: (specialty) => `Médico de ${specialty.toLocaleLowerCase(locale)}`,
    translationReviewer: 'Revisor de la traducción',
  },
  feeds: {
    title: (name) => `${name}: Artículos`,
    description: ({ name, specialty, location }) => `Artículos ${ofName(name)}, ${specialty} en ${location}. Información educativa, no consejo médico.`,
    copyright: (name) => `© ${name}`,
  },
  body: {
    footnotes: 'Notas',
    backToReference: 'Volver a la referencia',
    table: 'Tabla',
  },
  cards: {
    heading: 'ARTÍCULOS DEL MÉDICO',
    byline: ({ specialty, location }) => `${specialty} en ${location}`,
  },
};
