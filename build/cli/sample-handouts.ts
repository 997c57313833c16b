/**
 * `npm run sample-handouts`: makes the sample handouts of assets/pdfs/, one
 * per topic of content/education-topics.yaml in English (`{pdf}.pdf`) and one
 * in Spanish (`{pdf}.es.pdf`), from the words in `sample-handouts/` (its
 * `languages.ts` says which files), and writes those that changed. A PDF there
 * that is not a sample (the physician's own handout) is never replaced, and
 * beside the physician's own English handout no Spanish sample is added: a
 * topic of theirs may go without one. `--check` writes nothing and fails when
 * a sample is not what the words and layout make, so a change to either
 * cannot be forgotten. Each translated sample it writes beside an English
 * sample is recorded as translating it (`translatedFrom` in the topics file).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import { CommandFailure, UsageError } from '../diagnostics/index.ts';
import { writeFileAtomic } from '../lib/atomic-write.ts';
import { isSampleHandout, makeSampleHandout, readSampleHandouts, type SampleHandout } from './sample-handouts/handout.ts';
import { answeredHelpOrVersion, HELP_AND_VERSION, notAFolder, parseOptions, runCommand } from './options.ts';
import { counted } from '../lib/counted.ts';
import { fileLanguage } from '../lib/languages.ts';
import { versionOf } from '../lib/translation-version.ts';
import { withHandoutRecord } from './translation-records.ts';

const OPTIONS = {
  content: { type: 'string', default: 'content' },
  out: { type: 'string', default: path.join('assets', 'pdfs') },
  check: { type: 'boolean', default: false },
  ...HELP_AND_VERSION,
} as const satisfies ParseArgsConfig['options'];

const HELP = `Make the sample handouts: two letter-size PDFs per education topic, one in
English ({pdf}.pdf) and one in Spanish ({pdf}.es.pdf), from the words in
build/cli/sample-handouts/ (handouts.yaml, handouts.es.yaml), their titles from
education-topics.yaml (the es: group of each topic for the Spanish).
A PDF that is not a sample (your own handout) is never replaced, and none is
added in Spanish beside your own English handout. Each Spanish sample written
beside an English sample is recorded as its translation (translatedFrom: in
its topic's es: group).

Usage: npm run sample-handouts -- [options]

  --content DIR    the folder of education-topics.yaml (default: content)
  --out DIR        where the handouts go (default: assets/pdfs)
  --check          write nothing; fail if a sample handout is out of date
  --help           show this help
  --version        show the generator's version
`;

/** What a run would do: the samples to write, the physician's own handouts it keeps, the handouts it has no words for. */
interface HandoutPlan {
  /** The samples to write, and whether each is missing or only out of date. */
  write: { file: string; bytes: Uint8Array; missing: boolean; handout: SampleHandout }[];
  own: string[];
  wordless: SampleHandout[];
  current: number;
}

/** A translation not there beside the physician's own handout: theirs to write, or to go without. */
const besideOwn = (handout: SampleHandout, existing: Buffer | undefined, plan: HandoutPlan, out: string): boolean =>
  existing === undefined && handout.translation && plan.own.includes(path.join(out, `${handout.topic}.pdf`));

async function planHandouts(handouts: readonly SampleHandout[], out: string): Promise<HandoutPlan> {
  const plan: HandoutPlan = { write: [], own: [], wordless: [], current: 0 };
  for (const handout of handouts) {
    const file = path.join(out, `${handout.file}.pdf`);
    const existing = await readFile(file).catch(() => undefined);
    if (existing !== undefined && !(await isSampleHandout(existing))) plan.own.push(file);
    else if (besideOwn(handout, existing, plan, out)) continue;
    else if (handout.lacking !== undefined) plan.wordless.push(handout);
    else {
      const bytes = await makeSampleHandout(handout);
      if (existing?.equals(bytes)) plan.current += 1;
      else plan.write.push({ file, bytes, missing: existing === undefined, handout });
    }
  }
  return plan;
}

/**
 * Keeps true each topic's record of the English handout its translation
 * translates (`translatedFrom` of its language's group): a translated sample
 * written beside an English sample is made from the same words as it now is.
 * One written beside an English sample left as it was keeps the record it
 * had, which the build then finds out of date if the English changed.
 *
 * @returns how many records changed, in education-topics.yaml
 */
async function keepRecords(written: HandoutPlan['write'], own: readonly string[], folders: { out: string; topicsFile: string }): Promise<number> {
  const before = await readFile(folders.topicsFile, 'utf8');
  let text = before;
  let changed = 0;
  for (const { handout } of written.filter((sample) => sample.handout.translation)) {
    const english = path.join(folders.out, `${handout.topic}.pdf`);
    const bytes = own.includes(english) ? undefined : await readFile(english).catch(() => undefined);
    if (bytes === undefined) continue;
    const recorded = withHandoutRecord(text, versionOf(bytes), { file: folders.topicsFile, pdf: handout.topic, language: fileLanguage(`${handout.file}.pdf`).language });
    changed += recorded === text ? 0 : 1;
    text = recorded;
  }
  if (text !== before) writeFileAtomic(folders.topicsFile, text);
  return changed;
}

/** Which file has no words for which topics: `…/handouts.es.yaml has no words for gout`. */
function wordlessFindings(wordless: readonly SampleHandout[]): string {
  const topics = new Map<string, string[]>();
  for (const { lacking, topic } of wordless) if (lacking !== undefined) topics.set(lacking, [...(topics.get(lacking) ?? []), topic]);
  return [...topics].map(([file, names]) => `${path.relative(process.cwd(), file)} has no words for ${names.join(', ')}`).join('; ');
}

/** What `--check` found wrong: the samples missing, then those out of date. */
function checkFindings(samples: HandoutPlan['write']): string {
  const missing = samples.filter((sample) => sample.missing).map(({ file }) => file);
  const outdated = samples.filter((sample) => !sample.missing).map(({ file }) => file);
  return [missing.length > 0 ? `Missing: ${missing.join(', ')}.` : '', outdated.length > 0 ? `Out of date: ${outdated.join(', ')}.` : ''].filter(Boolean).join(' ');
}

runCommand('sample handouts', async () => {
  const values = parseOptions(process.argv.slice(2), OPTIONS);
  if (answeredHelpOrVersion(values, HELP)) return 0;
  const out = values.out as string;
  const why = await notAFolder(out);
  if (why !== undefined) throw new UsageError(`The folder ${out} ${why}; check the path or pass --out DIR.`);
  const handouts = await readSampleHandouts(values.content as string).catch((error: unknown) => {
    throw new CommandFailure(`The topics or the handouts' words could not be read: ${error instanceof Error ? error.message : String(error)}.`);
  });
  const plan = await planHandouts(handouts, out);
  if (plan.wordless.length > 0) {
    throw new CommandFailure(`${wordlessFindings(plan.wordless)}: add them there, or put your own handout in ${out}.`);
  }
  if (plan.own.length > 0) process.stdout.write(`Kept your own handout${plan.own.length === 1 ? '' : 's'}: ${plan.own.join(', ')}.\n`);
  const remade = plan.write.length;
  if (values.check === true) {
    if (remade === 0) process.stdout.write(`The ${plan.current} sample handouts are up to date.\n`);
    else process.stderr.write(`${checkFindings(plan.write)} Run npm run sample-handouts to remake them.\n`);
    return remade === 0 ? 0 : 1;
  }
  for (const { file, bytes } of plan.write) writeFileAtomic(file, bytes);
  const topicsFile = path.join(values.content as string, 'education-topics.yaml');
  const records = await keepRecords(plan.write, plan.own, { out, topicsFile });
  const recorded = records === 0 ? '' : ` ${topicsFile} records that ${counted(records, 'translated sample')} ${records === 1 ? 'translates' : 'translate'} the English sample as it is now.`;
  process.stdout.write(`${counted(remade, 'sample handout')} written, ${plan.current} already up to date, in ${out}.${recorded}\n`);
  return 0;
});
