/**
 * What the commands print, as people expect it of a command line: colour
 * where the terminal shows it (util.styleText, which honours NO_COLOR and
 * FORCE_COLOR), an `error` or `warning` label on every problem, progress on
 * a build that takes more than a moment, and under GitHub Actions each
 * problem also as a workflow annotation, so it shows on the changed file,
 * and all of them in the job's summary.
 */
import { appendFileSync } from 'node:fs';
import { styleText } from 'node:util';
import { formatDiagnostic, inTellingOrder, shownPath, type ContentDiagnostic } from '../diagnostics/index.ts';

type Stream = NodeJS.WriteStream;
type Style = Parameters<typeof styleText>[0];

/** Text in a style when the stream shows colour; as it is otherwise. */
export function paint(style: Style, text: string, stream: Stream = process.stderr): string {
  return styleText(style, text, { stream });
}

/** One problem as the terminal shows it: `file:line error rule message Hint: …`, its label in colour. */
export function terminalLine(diagnostic: ContentDiagnostic, stream: Stream = process.stderr): string {
  const plain = formatDiagnostic(diagnostic);
  const label = ` ${diagnostic.severity} `;
  const at = plain.indexOf(label);
  const location = plain.slice(0, at);
  const rest = plain.slice(at + label.length);
  return `${paint('bold', location, stream)} ${paint(diagnostic.severity === 'error' ? 'red' : 'yellow', diagnostic.severity, stream)} ${rest}`;
}

/** A workflow command's value, escaped as GitHub Actions reads it. */
function escaped(text: string, property = false): string {
  const value = text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return property ? value.replace(/:/g, '%3A').replace(/,/g, '%2C') : value;
}

/** A problem as a GitHub Actions annotation: `::error file=…,line=…,title=…::message`. */
export function annotation(diagnostic: ContentDiagnostic): string {
  const properties = [`file=${escaped(shownPath(diagnostic.file), true)}`, ...(diagnostic.line === undefined ? [] : [`line=${diagnostic.line}`]), `title=${escaped(diagnostic.ruleId, true)}`];
  return `::${diagnostic.severity} ${properties.join(',')}::${escaped(`${diagnostic.message} Hint: ${diagnostic.hint}`)}`;
}

/**
 * Problems as a section of a GitHub Actions job summary: GitHub shows at most
 * ten annotations of each kind per step, and the summary keeps the rest
 * (a weekly rebuild may find many reviews that have grown old at once).
 */
export function summarySection(diagnostics: readonly ContentDiagnostic[]): string {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const counts = [errors > 0 ? `${errors} ${errors === 1 ? 'error' : 'errors'}` : '', diagnostics.length > errors ? `${diagnostics.length - errors} ${diagnostics.length - errors === 1 ? 'warning' : 'warnings'}` : ''].filter(Boolean).join(', ');
  const line = (diagnostic: ContentDiagnostic) => {
    const at = `${shownPath(diagnostic.file)}${diagnostic.line === undefined ? '' : `:${diagnostic.line}`}`;
    return `- \`${at}\` **${diagnostic.severity}** \`${diagnostic.ruleId}\`: ${diagnostic.message} ${diagnostic.hint}`;
  };
  return `### The build found ${counts}\n\n${diagnostics.map(line).join('\n')}\n\n`;
}

/**
 * Prints problems to stderr, the warnings first (one line for many of a kind)
 * and then, after a blank line, the errors; and, under GitHub Actions, each
 * problem as an annotation on its own file and all of them in the job's summary.
 */
export function printDiagnostics(diagnostics: readonly ContentDiagnostic[], env: NodeJS.ProcessEnv = process.env): void {
  const { warnings, errors } = inTellingOrder(diagnostics);
  const lines = [...warnings.map((warning) => terminalLine(warning)), ...(warnings.length > 0 && errors.length > 0 ? [''] : []), ...errors.map((error) => terminalLine(error))];
  for (const line of lines) process.stderr.write(`${line}\n`);
  if (env.GITHUB_ACTIONS !== 'true') return;
  for (const diagnostic of diagnostics) process.stdout.write(`${annotation(diagnostic)}\n`);
  if (diagnostics.length > 0 && env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, summarySection(diagnostics));
}

/** How long a build runs before it shows progress, and how often a log (no terminal) gets a line. */
const QUIET_MS = 2000;
const LOG_EVERY_MS = 5000;

const WHAT = { markdown: 'Processing articles', write: 'Writing files' } as const;

/**
 * Progress on a long build: a line that updates itself in a terminal, a line
 * every few seconds in a log. Nothing at all for a build that ends within
 * two seconds.
 */
export class Progress {
  private readonly started = performance.now();
  private lastLine = 0;
  private live = false;

  constructor(private readonly stream: Stream = process.stderr) {}

  update(stage: keyof typeof WHAT, done: number, total: number): void {
    const now = performance.now();
    if (now - this.started < QUIET_MS) return;
    const line = `${WHAT[stage]}: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
    if (this.stream.isTTY) {
      if (now - this.lastLine < 100 && done !== total) return;
      this.stream.write(`\r\x1b[2K${paint('dim', line, this.stream)}`);
      this.live = true;
    } else if (now - this.lastLine >= LOG_EVERY_MS || done === total) {
      this.stream.write(`${line}\n`);
    } else return;
    this.lastLine = now;
  }

  /** Clears the live line, before the build's closing words. */
  end(): void {
    if (this.live) this.stream.write('\r\x1b[2K');
    this.live = false;
  }
}
