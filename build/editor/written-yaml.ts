/**
 * YAML as a careful physician writes it by hand, for the browser editor's
 * saves. A file the editor read is written back as it was, but for the values
 * that changed: its field order, quotes, comments and blank lines stay, and a
 * field or list entry left empty is not added. What is new is written as the
 * shipped content is: plain where YAML allows, in double quotes where it does
 * not, lists indented under their field, no line folded.
 *
 * This module runs in the editor's page as well as in the tests: no Node imports.
 */
import { isMap, isScalar, isSeq, Pair, parseDocument, visit, type Document, type DocumentOptions, type ParseOptions, type SchemaOptions, type ToStringOptions, type YAMLMap, type YAMLSeq } from 'yaml';

/**
 * How a kind of file is read. The build reads front matter with the
 * front-matter package, as YAML 1.1, where `yes`, `no` and `on` are booleans:
 * such words in a title are quoted when written. A day stays the text written
 * (`2025-10-17`), which the build reads itself. The YAML data files are read as
 * YAML 1.2.
 */
export type YamlDialect = 'front-matter' | 'data';

type Options = ParseOptions & DocumentOptions & SchemaOptions;

const DIALECTS: Record<YamlDialect, Options> = {
  'front-matter': { version: '1.1', customTags: (tags) => tags.filter((tag) => typeof tag === 'string' || tag.tag !== 'tag:yaml.org,2002:timestamp') },
  data: { version: '1.2' },
};

const WRITING: ToStringOptions = { lineWidth: 0, indentSeq: true };

type Data = Record<string, unknown>;

const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value without its empty parts (an empty text, list or group, a null), or undefined when nothing is left. */
function pruned(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) {
    const items = value.map(pruned).filter((item) => item !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (isData(value)) {
    const entries = Object.entries(value).flatMap(([key, item]) => {
      const kept = pruned(item);
      return kept === undefined ? [] : [[key, kept] as const];
    });
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value;
}

/** A value written as before: the same scalar, where an empty one may come back as null, an empty text or nothing. */
function sameScalar(written: unknown, value: unknown): boolean {
  const empty = (item: unknown) => item === null || item === undefined || item === '';
  return written === value || (empty(written) && empty(value));
}

/** The node for a value: the node that was written, where the value is the same, else a new one (undefined when the new value is empty). */
function updated(document: Document, node: unknown, value: unknown): unknown {
  if (isData(value) && isMap(node)) return updatedMap(document, node, value);
  if (Array.isArray(value) && isSeq(node)) return updatedSeq(document, node, value);
  if (isScalar(node) && sameScalar(node.value, value)) return node;
  // A field written with nothing after its colon, and still empty.
  if (node === null && pruned(value) === undefined) return null;
  if (isScalar(node) && typeof node.value === 'string' && typeof value === 'string' && value !== '') {
    // New words in the quotes they were written in; the comment after them spoke of the old ones.
    node.value = value;
    node.comment = undefined;
    return node;
  }
  const kept = pruned(value);
  return kept === undefined ? undefined : document.createNode(kept);
}

/** A group of fields: each field where it was written, a new one after the field before it in the editor's order, a field no longer given gone. */
function updatedMap(document: Document, map: YAMLMap, value: Data): YAMLMap {
  const written = new Map(map.items.map((pair) => [String(isScalar(pair.key) ? pair.key.value : pair.key), pair]));
  const kept = map.items.filter((pair) => Object.hasOwn(value, String(isScalar(pair.key) ? pair.key.value : pair.key)));
  let previous: Pair | undefined;
  for (const [key, item] of Object.entries(value)) {
    const pair = written.get(key);
    const node = updated(document, pair?.value, item);
    if (pair !== undefined) {
      if (node === undefined) kept.splice(kept.indexOf(pair), 1);
      else pair.value = node;
    } else if (node !== undefined) {
      const added = new Pair(document.createNode(key), node);
      kept.splice(previous === undefined ? 0 : kept.indexOf(previous) + 1, 0, added);
      previous = added;
    }
    if (pair !== undefined && node !== undefined) previous = pair;
  }
  map.items = kept;
  return map;
}

/** A list: each entry updated in its place, a new one added at the end, one left empty or no longer given gone. */
function updatedSeq(document: Document, seq: YAMLSeq, value: unknown[]): YAMLSeq {
  seq.items = value.flatMap((item, index) => {
    const node = updated(document, seq.items[index], item);
    return node === undefined ? [] : [node];
  });
  return seq;
}

/**
 * A comment written after a key whose value is a group or list
 * (`translatedFrom:  # …`, as the tools write it) stays on the key's line:
 * the YAML library would move it to the line below.
 */
function keepKeyLineComments(document: Document, source: string): void {
  if (!isMap(document.contents)) return;
  for (const pair of document.contents.items) {
    const { key, value } = pair;
    if (!isScalar(key) || !(isMap(value) || isSeq(value)) || value.commentBefore === undefined) continue;
    if (!/^[^\n]*#/.test(source.slice(key.range?.[1] ?? 0, value.range?.[0] ?? 0))) continue;
    key.comment = value.commentBefore;
    value.commentBefore = undefined;
  }
}

/** Every comment written after a value or a key in the document. */
function commentsOf(document: Document): Set<string> {
  const comments = new Set<string>();
  visit(document, (_key, node) => {
    if ((isScalar(node) || isMap(node) || isSeq(node)) && node.comment !== undefined && node.comment !== null) comments.add(node.comment);
  });
  return comments;
}

/**
 * The written lines whose comment the original spaced otherwise (`draft: true  # …`)
 * as the original wrote them: the writer puts one space before every comment.
 */
function withCommentSpacing(text: string, original: string, comments: Set<string>): string {
  const withComment = (line: string) => [...comments].some((comment) => line.endsWith(`#${comment}`));
  const squeezed = (line: string) => line.replace(/[ \t]+#(?=[^#]*$)/, ' #');
  const originals = new Map(original.split('\n').filter(withComment).map((line) => [squeezed(line), line]));
  return text.split('\n').map((line) => (withComment(line) ? (originals.get(line) ?? line) : line)).join('\n');
}

/** The YAML of a file as read: a document that keeps how it was written, and its values. */
export function readYaml(text: string, dialect: YamlDialect): { document: Document; data: unknown } {
  const document = parseDocument(text, DIALECTS[dialect]);
  return { document, data: document.toJS() as unknown };
}

/**
 * The text of YAML values as the physician would write them.
 *
 * @param original the text the editor read, whose way of writing is kept; none for a new file
 */
export function writeYaml(data: unknown, dialect: YamlDialect, original?: string): string {
  const document: Document = parseDocument(original ?? '', DIALECTS[dialect]);
  // The writer spaces comments its own way: a file whose values did not change is given back as it was.
  if (original !== undefined && JSON.stringify(document.toJS()) === JSON.stringify(data)) return original;
  keepKeyLineComments(document, original ?? '');
  const comments = commentsOf(document);
  document.contents = updated(document, document.contents, data) as Document['contents'];
  return document.contents === null ? '' : withCommentSpacing(document.toString(WRITING), original ?? '', comments);
}
