/**
 * The browser editor's form fields, made from the JSON Schema of a content
 * file (content/schemas/): the schema's properties in its order, which tests
 * hold to the model's field lists, with its required fields, patterns and
 * limits, and its descriptions as the hints under the fields. So the editor
 * asks for what the build reads, and a field added to a schema and the model
 * appears in the editor with no change here.
 */
import type { Field } from '@sveltia/cms';

/** The part of JSON Schema (draft-07) the content schemas use. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  additionalProperties?: boolean | JsonSchema;
  /** Set by the tools that write the field: the editor keeps it as it is and never shows it. */
  readOnly?: boolean;
}

/**
 * What a schema cannot say about a field, by its name: a calendar day
 * (a date picker that writes YYYY-MM-DD), a picture of assets/images/, a
 * paragraph (a box of several lines), or a field that only tools write.
 */
export type FieldKind = 'day' | 'image' | 'paragraph' | 'tool';

/**
 * Fields that tools write and the physician never types: hidden in the
 * editor, kept untouched when a file is saved. `translatedFrom` records which
 * version of the original a translation was made from (`npm run translations`).
 */
const TOOL_FIELDS: readonly string[] = ['translatedFrom'];

export interface FieldOptions {
  /** The kinds of the schema's fields that need one, by name. */
  kinds?: Readonly<Record<string, FieldKind>>;
  /** Each language has its own value of every field (an article and its translation). */
  translated?: boolean;
  /** What a new entry starts with, by field name. */
  defaults?: Readonly<Record<string, unknown>>;
}

/** A field's label: its name in words (`reviewedBy` → "Reviewed by"), save for the few a name does not explain. */
const LABELS: Readonly<Record<string, string>> = { siteUrl: 'Site address', pdf: 'Handout (PDF file name)', es: 'In Spanish', url: 'Address', appointmentUrl: 'Appointment page', zip: 'ZIP code' };

function labelOf(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return LABELS[name] ?? `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** Advice for typing YAML by hand, which the editor does itself: it writes the quotes a value needs. */
const TYPING_ADVICE = /\s*Put [^.]*double quotes[^.]*\./g;

/** The schema's types, whether given as `type` or as the branches of `anyOf`. */
function typesOf(schema: JsonSchema): string[] {
  const own = schema.type === undefined ? [] : [schema.type].flat();
  return [...own, ...(schema.anyOf ?? []).flatMap(typesOf), ...(schema.enum ?? []).map((value) => typeof value)];
}

/** The branch of a schema that describes a value of this type, for limits and items. */
function branchOf(schema: JsonSchema, type: string): JsonSchema {
  return schema.anyOf?.find((branch) => typesOf(branch).includes(type)) ?? schema;
}

/** A field's validation pattern as the editor takes it: the schema's own expression, with the message shown when a value does not match. */
function patternOf(schema: JsonSchema): Record<string, unknown> {
  return schema.pattern === undefined ? {} : { pattern: [schema.pattern, 'This is not written the way the note under the field asks.'] };
}

/** The widget and its own options, for a field of this schema. */
function widgetOf(schema: JsonSchema, kind: FieldKind | undefined, options: FieldOptions): Record<string, unknown> {
  const types = typesOf(schema);
  if (kind === 'day') return { widget: 'datetime', type: 'date', format: 'YYYY-MM-DD' };
  if (kind === 'image') return { widget: 'image', choose_url: false };
  if (types.includes('boolean') && !types.includes('number')) return { widget: 'boolean' };
  if (types.includes('integer')) {
    const { minimum, maximum } = branchOf(schema, 'integer');
    return { widget: 'number', value_type: 'int', ...(minimum === undefined ? {} : { min: minimum }), ...(maximum === undefined ? {} : { max: maximum }) };
  }
  if (types.includes('array')) return listOf(branchOf(schema, 'array'), options);
  if (schema.properties !== undefined) return { widget: 'object', fields: editorFields(schema, { kinds: options.kinds }) };
  return { widget: kind === 'paragraph' ? 'text' : 'string', ...patternOf(schema) };
}

/** A list: of groups of fields (a source's title and address), or of single lines (the languages spoken). */
function listOf(schema: JsonSchema, options: FieldOptions): Record<string, unknown> {
  const items = schema.items ?? {};
  const limits = schema.minItems === undefined ? {} : { min: schema.minItems };
  if (items.properties !== undefined) return { widget: 'list', ...limits, fields: editorFields(items, { kinds: options.kinds }) };
  return { widget: 'list', ...limits, field: { name: 'item', label: 'Item', widget: 'string', ...patternOf(items) } };
}

/**
 * The fields of one schema (an object's properties), in the schema's order.
 *
 * @param schema an object schema: an article's front matter, a topic, a figure
 */
export function editorFields(schema: JsonSchema, options: FieldOptions = {}): Field[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const kind = property.readOnly === true || TOOL_FIELDS.includes(name) ? 'tool' : options.kinds?.[name];
    const i18n = options.translated === true ? { i18n: true } : {};
    if (kind === 'tool') return { name, widget: 'hidden', ...i18n } as Field;
    const defaults = options.defaults !== undefined && name in options.defaults ? { default: options.defaults[name] } : {};
    const hint = property.description === undefined ? {} : { hint: property.description.replace(TYPING_ADVICE, '') };
    return { name, label: labelOf(name), ...widgetOf(property, kind, options), required: required.has(name), ...defaults, ...hint, ...i18n } as Field;
  });
}
