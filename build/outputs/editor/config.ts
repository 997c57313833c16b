/**
 * The browser editor's configuration (out/admin/config.yml), made by the
 * build from the content's JSON Schemas and the model: one collection for the
 * articles in every language, one for the handout topics, one for the
 * Medicare figures and one for the identity file and its translation. See
 * content/README.md "Editing in the browser".
 */
import type { CmsConfig, Collection, Field } from '@sveltia/cms';
import { CONTENT_LAYOUT, MAX_SLUG_LENGTH, PDF_BASE, REPOSITORY_FOLDERS } from '../../config.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, translatedFileName } from '../../lib/languages.ts';
import { EDITOR_FORMATS } from '../../editor/formats.ts';
import { messagesFor } from '../../../templates/messages/index.ts';
import { editorFields, type FieldKind, type JsonSchema } from './fields.ts';

/** The editor speaks English: the site's names, such as its pages', are the English site's. */
const EDITOR_WORDS = messagesFor(DEFAULT_LANGUAGE);

/** The content's schemas, by the file they describe. */
export interface ContentSchemas {
  article: JsonSchema;
  site: JsonSchema;
  siteTranslation: JsonSchema;
  topics: JsonSchema;
  figures: JsonSchema;
}

/** What of the site the configuration names. */
export interface EditorSite {
  /** The physician's name, in the editor's title. */
  name: string;
  /** The logo's address, shown on the editor's sign-in screen. */
  logoUrl: string;
  /** The figures of medicare-figures.yaml, in the file's order: one group of fields each. */
  figureNames: readonly string[];
  /** The GitHub repository the editor commits to, `owner/name`. */
  repository: string;
}


/** What a new article starts with: the same as `npm run new` (a draft, dated the day it is started). */
export const NEW_ARTICLE = { draft: true, date: '{{now}}' } as const;

const DAY_FIELDS = { date: 'day', lastReviewed: 'day', handoutsLastReviewed: 'day' } as const satisfies Record<string, FieldKind>;
const SITE_KINDS = { ...DAY_FIELDS, logo: 'image', favicon: 'image', photo: 'image', socialImage: 'image', tagline: 'paragraph', intro: 'paragraph', affiliationDisclaimer: 'paragraph', afterHours: 'paragraph' } as const;
const PROSE_KINDS = { summary: 'paragraph', tagline: 'paragraph', intro: 'paragraph', affiliationDisclaimer: 'paragraph', afterHours: 'paragraph' } as const;

const IMAGES = { folder: `${REPOSITORY_FOLDERS.assets}/images`, url: '/images' } as const;
const HANDOUTS = { folder: `${REPOSITORY_FOLDERS.assets}${PDF_BASE}`, url: PDF_BASE } as const;
const content = (file: string) => `${REPOSITORY_FOLDERS.content}/${file}`;

/** The markdown after the front matter: written as it is, never rewritten by a rich-text editor. */
function bodyField(label: string, hint: string, translated: boolean): Field {
  return { name: 'body', label, widget: 'markdown', modes: ['raw'], required: false, hint, ...(translated ? { i18n: true } : {}) } as Field;
}

const ARTICLE_BODY_HINT =
  'Markdown, as in the other articles: `##` for a section heading, `{{figureName}}` for a figure of medicare-figures.yaml, `![What it shows](/images/photo.jpg)` for a picture uploaded under Assets › Images.';

function articles(schemas: ContentSchemas): Collection {
  const fields = [...editorFields(schemas.article, { kinds: { ...DAY_FIELDS, ...PROSE_KINDS }, translated: true, defaults: NEW_ARTICLE }), bodyField('Text', ARTICLE_BODY_HINT, true)];
  return {
    name: 'articles',
    label: 'Articles',
    label_singular: 'Article',
    description: 'The Insights articles, in English and, beside each, its Spanish translation (a file ending .es.md).',
    folder: content(CONTENT_LAYOUT.insights),
    extension: 'md',
    format: EDITOR_FORMATS.markdown,
    i18n: true,
    identifier_field: 'title',
    slug: '{{title}}',
    summary: '{{title}} ({{date}})',
    sortable_fields: { fields: ['date', 'title'], default: { field: 'date', direction: 'descending' } },
    view_filters: [
      { name: 'drafts', label: 'Drafts', field: 'draft', pattern: true },
      { name: 'published', label: 'Published', field: 'draft', pattern: false },
    ],
    preview_path: '{{locale}}/insights/{{slug}}',
    fields,
  };
}

function topics(schemas: ContentSchemas): Collection {
  const item = schemas.topics.items ?? {};
  const list = { name: 'topics', label: 'Topics', label_singular: 'Topic', widget: 'list', root: true, summary: '{{fields.title}} ({{fields.system}})', collapsed: true, fields: editorFields(item) } as Field;
  return {
    name: 'handouts',
    label: 'Handouts',
    description: `The topics of the ${EDITOR_WORDS.nav.education} page. A topic’s handout is uploaded under Assets › Handouts: its name there, without .pdf, is the topic’s PDF file name; the Spanish one ends in .es.pdf.`,
    files: [{ name: 'topics', label: 'Education topics', file: content(CONTENT_LAYOUT.topics), format: EDITOR_FORMATS.topics, fields: [list] }],
  };
}

function figures(schemas: ContentSchemas, names: readonly string[]): Collection {
  const figure = typeof schemas.figures.additionalProperties === 'object' ? schemas.figures.additionalProperties : {};
  const fields = names.map((name) => ({ name, label: name, widget: 'object', collapsed: true, summary: '{{fields.value}} ({{fields.year}})', fields: editorFields(figure) }) as Field);
  return {
    name: 'figures',
    label: 'Medicare figures',
    description: 'The yearly amounts and dates that articles quote as {{name}}. A new figure is added to content/medicare-figures.yaml itself (content/README.md).',
    files: [{ name: 'figures', label: 'Medicare figures', file: content(CONTENT_LAYOUT.figures), format: EDITOR_FORMATS.figures, fields }],
  };
}

function identity(schemas: ContentSchemas): Collection {
  const translated = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((language) => ({
    name: `site-${language}`,
    label: `The site in ${EDITOR_WORDS.language.names[language]}`,
    file: content(translatedFileName(CONTENT_LAYOUT.site, language)),
    format: EDITOR_FORMATS.markdown,
    fields: [...editorFields(schemas.siteTranslation, { kinds: PROSE_KINDS }), bodyField('Biography', 'The About page’s text, in markdown.', false)],
  }));
  return {
    name: 'site',
    label: 'Site identity',
    description: 'Who the site is about and how patients reach the practice (content/site.md), and its words in Spanish (content/site.es.md).',
    files: [
      { name: 'site', label: 'Site identity', file: content(CONTENT_LAYOUT.site), format: EDITOR_FORMATS.markdown, fields: [...editorFields(schemas.site, { kinds: SITE_KINDS }), bodyField('Biography', 'The About page’s text, in markdown.', false)] },
      ...translated,
    ],
  };
}

/** Every save is one commit, whose message names what was saved. */
const COMMIT_MESSAGES = {
  create: 'New {{collection}} “{{slug}}”, from the browser editor',
  update: 'Edit {{collection}} “{{slug}}”, from the browser editor',
  delete: 'Delete {{collection}} “{{slug}}”, from the browser editor',
  uploadMedia: 'Upload {{path}}, from the browser editor',
  deleteMedia: 'Delete {{path}}, from the browser editor',
};

/** The configuration of the editor, as Sveltia CMS reads it. */
export function editorConfig(schemas: ContentSchemas, site: EditorSite): CmsConfig {
  return {
    backend: { name: 'github', repo: site.repository, branch: 'main', auth_methods: ['token'], commit_messages: COMMIT_MESSAGES },
    app_title: `${site.name} · Editor`,
    logo: { src: site.logoUrl },
    media_folder: IMAGES.folder,
    public_folder: IMAGES.url,
    media_libraries: { default: { config: { slugify_filename: true } }, stock_assets: false },
    // The images are the editor's global assets; the handouts a folder of their own.
    asset_collections: [{ name: 'handouts', label: 'Handouts', media_folder: HANDOUTS.folder, public_folder: HANDOUTS.url }],
    slug: { encoding: 'ascii', clean_accents: true, maxlength: MAX_SLUG_LENGTH },
    i18n: { structure: 'multiple_files', locales: [...LANGUAGES], default_locale: DEFAULT_LANGUAGE, initial_locales: 'default', omit_default_locale_from_file_path: true, omit_default_locale_from_preview_path: true },
    output: { omit_empty_optional_fields: false },
    collections: [articles(schemas), topics(schemas), figures(schemas, site.figureNames), identity(schemas)],
  };
}

