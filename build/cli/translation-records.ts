/**
 * Writing the record of which version of an original a translation follows
 * (`translatedFrom`): in a translated article's front matter, and in a
 * topic's group of `education-topics.yaml` for its translated handout. Each
 * is a change of the record's own lines: every other byte of the file (its
 * fields, comments, line endings, a byte order mark) stays as it was.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode, type Pair } from 'yaml';
import { CommandFailure } from '../diagnostics/index.ts';
import { pdfFileStem } from '../lib/pdf-url.ts';
import { partVersionLines, versionYaml, type PartVersions } from '../lib/translation-version.ts';
import { translatedFromComment } from './article-skeleton.ts';

/** A file's lines, without their ends, and the end it writes them with. */
function linesOf(text: string): { lines: string[]; end: string } {
  const end = text.includes('\r\n') ? '\r\n' : '\n';
  return { lines: text.split(end), end };
}

const FENCE = /^(?:\uFEFF)?---[ \t]*$/;
const RECORD_KEY = /^translatedFrom[ \t]*:(.*)$/;

/**
 * An article's text with its `translatedFrom:` recording these versions: the
 * record's lines written anew where they are, or added as the last field.
 *
 * @param file the article, for the message when it has no front matter
 * @param name the original's name, as `npm run translations -- --current` takes it, for the record's comment
 */
export function withArticleRecord(text: string, versions: PartVersions, at: { file: string; name: string }): string {
  const { lines, end } = linesOf(text);
  const closing = FENCE.test(lines[0] ?? '') ? lines.findIndex((line, index) => index > 0 && FENCE.test(line)) : -1;
  if (closing === -1) throw new CommandFailure(`${at.file} has no front matter between '---' lines to record the version in; start it with one, as npm run new -- --translate does.`);
  const key = lines.findIndex((line, index) => index > 0 && index < closing && RECORD_KEY.test(line));
  if (key === -1) {
    lines.splice(closing, 0, `translatedFrom:  ${translatedFromComment(at.name)}`, ...partVersionLines(versions));
    return lines.join(end);
  }
  let last = key + 1;
  while (last < closing && /^[ \t]/.test(lines[last] as string)) last += 1;
  const indent = /^[ \t]+/.exec(lines[key + 1] ?? '')?.[0] ?? '  ';
  const rest = RECORD_KEY.exec(lines[key] as string)?.[1]?.trim() ?? '';
  // A value written on the key's own line is no record the tools write; a comment there is kept.
  const keyLine = rest === '' || rest.startsWith('#') ? (lines[key] as string) : `translatedFrom:  ${translatedFromComment(at.name)}`;
  lines.splice(key, last - key, keyLine, ...partVersionLines(versions, last > key + 1 ? indent : '  '));
  return lines.join(end);
}

/** The text of a scalar key or value, or '' for anything else. */
const scalarText = (node: unknown): string => {
  const value = isScalar(node) ? node.value : undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value).trim() : '';
};

/** The pair of a mapping with this key, if it has one. */
const pairOf = (map: YamlNode, key: string): Pair | undefined => (isMap(map) ? map.items.find((pair) => scalarText(pair.key) === key) : undefined);

/**
 * The topics file with the translation of one topic's handout recording this
 * version of the original's: the `translatedFrom:` line of the topic's
 * language group rewritten, or added as the group's last line.
 *
 * @param topic the handout's file name without `.pdf`, and the code of its translation's language
 */
export function withHandoutRecord(text: string, version: string, topic: { file: string; pdf: string; language: string }): string {
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter });
  const items = isSeq(document.contents) && document.errors.length === 0 ? (document.contents.items as YamlNode[]) : [];
  const item = items.find((entry) => isMap(entry) && pdfFileStem(scalarText(pairOf(entry, 'pdf')?.value), scalarText(pairOf(entry, 'title')?.value)) === topic.pdf);
  if (item === undefined) throw new CommandFailure(`${topic.file} has no topic whose handout is ${topic.pdf}.pdf, or cannot be read; npm run build says why.`);
  const group = pairOf(item, topic.language)?.value as YamlNode | null | undefined;
  if (!isMap(group) || group.flow === true || group.items.length === 0) {
    throw new CommandFailure(`The topic of ${topic.pdf}.pdf in ${topic.file} has no '${topic.language}:' group written on lines of its own, below the topic's fields, to record the version in: write its words there first (content/README.md, "The site in Spanish").`);
  }
  const { lines, end } = linesOf(text);
  const written = `translatedFrom: ${versionYaml(version)}`;
  const record = pairOf(group, 'translatedFrom');
  const lineAt = (offset: number) => counter.linePos(offset).line - 1;
  if (record !== undefined) {
    const index = lineAt((record.key as YamlNode).range?.[0] ?? 0);
    const line = lines[index] as string;
    const comment = /\s+#.*$/.exec(line.slice(line.indexOf(':') + 1))?.[0] ?? '';
    lines[index] = `${/^\s*/.exec(line)?.[0] ?? ''}${written}${comment}`;
    return lines.join(end);
  }
  const first = group.items[0]?.key as YamlNode;
  const last = group.items.at(-1) as Pair;
  const lastRange = ((last.value as YamlNode | null)?.range ?? (last.key as YamlNode).range) as [number, number, number];
  const indent = ' '.repeat(counter.linePos(first.range?.[0] ?? 0).col - 1);
  lines.splice(lineAt(Math.max(lastRange[0], lastRange[1] - 1)) + 1, 0, `${indent}${written}`);
  return lines.join(end);
}
