import { isMap, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { contentError, contentWarning, type ContentDiagnostic } from '../diagnostics.ts';
import { sectionAnchor } from '../lib/anchor.ts';
import { pdfFileStem, pdfUrl } from '../lib/pdf-url.ts';
import type { AssetFile, SourceFile } from '../load.ts';
import type { Topic, TopicSystem } from '../types.ts';
import { scalarText } from './fields.ts';

/** The fields of a topic (spec §3 Education topic). */
export const TOPIC_FIELDS = ['title', 'system', 'subgroup', 'pdf', 'external', 'sourceTitle'] as const;
type TopicField = (typeof TOPIC_FIELDS)[number];

/** A PDF file name we can put in a URL and find on disk: no folders, no spaces. */
const SAFE_FILE_STEM = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function lineOf(node: YamlNode | null | undefined, lines: LineCounter): number | undefined {
  return node?.range ? lines.linePos(node.range[0]).line : undefined;
}

function readTopic(
  item: YamlNode,
  file: SourceFile,
  lines: LineCounter,
  pdfFiles: ReadonlyMap<string, AssetFile>,
  diagnostics: ContentDiagnostic[],
): Topic | undefined {
  const line = lineOf(item, lines);
  const problem = (message: string, hint: string, at = line) => diagnostics.push(contentError(file.path, at, 'invalid-topic', message, hint));
  if (!isMap(item)) {
    problem('Each topic must be a group of fields starting with "- title:".', 'Copy an existing topic and change its values.');
    return undefined;
  }
  const values: Partial<Record<TopicField, string>> = {};
  for (const pair of item.items) {
    const key = scalarText((pair.key as { value?: unknown } | null)?.value ?? '');
    const keyLine = lineOf(pair.key as YamlNode, lines);
    if (!(TOPIC_FIELDS as readonly string[]).includes(key)) {
      diagnostics.push(contentWarning(file.path, keyLine, 'unknown-field', `'${key}' is not a topic field, so it is ignored.`, `Check the spelling; the fields are: ${TOPIC_FIELDS.join(', ')}.`));
      continue;
    }
    const value = (pair.value as { value?: unknown } | null)?.value;
    if (value !== null && value !== undefined && typeof value === 'object') {
      problem(`'${key}' must be plain text.`, `Write it on one line, as '${key}: your text'.`, keyLine);
      continue;
    }
    values[key as TopicField] = value === null || value === undefined ? '' : scalarText(value).trim();
  }
  const { title = '', system = '', subgroup = '', external = '', sourceTitle = '' } = values;
  if (title === '' || system === '') {
    problem(`This topic has no ${title === '' ? 'title' : 'system'}.`, "Every topic needs at least 'title:' and 'system:'.");
    return undefined;
  }
  if (external !== '' && !/^https?:\/\/[^\s]+$/i.test(external)) {
    problem(`'external' of "${title}" is not a web address: "${external}".`, 'Write the full address starting with https://, or leave it as "".');
    return undefined;
  }
  const pdf = pdfFileStem(values.pdf ?? '', title);
  if (!SAFE_FILE_STEM.test(pdf)) {
    problem(`'pdf' of "${title}" is not a plain file name: "${pdf}".`, 'Use letters, digits, dots, hyphens and underscores only, for example low-back-pain.');
    return undefined;
  }
  const handout = pdfFiles.get(`${pdf}.pdf`);
  if (!handout) {
    diagnostics.push(contentError(file.path, line, 'missing-pdf', `The handout for "${title}" is missing: assets/pdfs/${pdf}.pdf does not exist.`, `Add the PDF as assets/pdfs/${pdf}.pdf, or correct the 'pdf' field.`));
  }
  return {
    title,
    system,
    subgroup,
    pdf,
    external,
    sourceTitle,
    pdfUrl: pdfUrl(pdf),
    pdfBytes: handout?.size ?? 0,
    pdfPages: handout?.pdf?.pages ?? 0,
    sectionAnchor: sectionAnchor(subgroup || system),
  };
}

/**
 * Groups topics by system, then subgroup, each in the order first written in
 * the file (spec §2 Education). Topics with no subgroup stay flat under their
 * system (spec §4).
 */
export function groupTopics(topics: readonly Topic[]): TopicSystem[] {
  const systems = new Map<string, TopicSystem>();
  for (const topic of topics) {
    let system = systems.get(topic.system);
    if (!system) {
      system = { name: topic.system, anchor: sectionAnchor(topic.system), ungrouped: [], subgroups: [] };
      systems.set(topic.system, system);
    }
    if (topic.subgroup === '') {
      system.ungrouped.push(topic);
      continue;
    }
    let subgroup = system.subgroups.find((group) => group.name === topic.subgroup);
    if (!subgroup) {
      subgroup = { name: topic.subgroup, anchor: sectionAnchor(topic.subgroup), topics: [] };
      system.subgroups.push(subgroup);
    }
    subgroup.topics.push(topic);
  }
  return [...systems.values()];
}

/** Every section anchor must be unique and non-empty, since links use it alone (`/education#back`). */
function checkAnchors(systems: readonly TopicSystem[], file: string, diagnostics: ContentDiagnostic[]): void {
  const seen = new Map<string, string>();
  const sections = systems.flatMap((system) => [system.name, ...system.subgroups.map((group) => group.name)]);
  for (const name of sections) {
    const anchor = sectionAnchor(name);
    const earlier = seen.get(anchor);
    if (anchor === '') {
      diagnostics.push(contentError(file, undefined, 'duplicate-anchor', `The section name "${name}" has no letter or digit to make its anchor from.`, 'Give the system or subgroup a name with letters.'));
    } else if (earlier !== undefined) {
      diagnostics.push(contentError(file, undefined, 'duplicate-anchor', `The sections "${earlier}" and "${name}" would both be reached at /education#${anchor}.`, 'Rename one of them, for example "Hand/Wrist (Arthritis)".'));
    } else {
      seen.set(anchor, name);
    }
  }
}

/**
 * Reads the education topics file: a YAML list of topics, each checked for its
 * required fields, a safe PDF name, an existing PDF and a web address for its
 * external source. The `yaml` package gives each topic's line for messages.
 *
 * @param file the topics file
 * @param pdfFiles the PDFs under assets/pdfs/, by file name
 */
export function modelTopics(
  file: SourceFile,
  pdfFiles: ReadonlyMap<string, AssetFile>,
): { topics: Topic[]; systems: TopicSystem[]; diagnostics: ContentDiagnostic[] } {
  const diagnostics: ContentDiagnostic[] = [];
  const lines = new LineCounter();
  const document = parseDocument(file.text, { lineCounter: lines, prettyErrors: false });
  const syntaxError = document.errors[0];
  if (syntaxError) {
    const line = lines.linePos(syntaxError.pos[0]).line;
    diagnostics.push(contentError(file.path, line, 'invalid-topic', `The topics file is not valid YAML: ${syntaxError.message.split('\n')[0]}.`, 'Compare the line with the topics around it: each starts with "- title:" and the other fields are indented under it.'));
    return { topics: [], systems: [], diagnostics };
  }
  if (document.contents !== null && !isSeq(document.contents)) {
    diagnostics.push(contentError(file.path, lineOf(document.contents, lines), 'invalid-topic', 'The topics file must be a list of topics.', 'Start each topic with "- title:".'));
    return { topics: [], systems: [], diagnostics };
  }
  const items = document.contents?.items ?? [];
  const topics = items
    .map((item) => readTopic(item as YamlNode, file, lines, pdfFiles, diagnostics))
    .filter((topic): topic is Topic => topic !== undefined);
  const systems = groupTopics(topics);
  checkAnchors(systems, file.path, diagnostics);
  return { topics, systems, diagnostics };
}
