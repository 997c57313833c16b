/**
 * `npm run preview`: builds the site, serves it at http://127.0.0.1:4321 as
 * the published host will, and rebuilds and reloads on every change.
 * Exit codes: 2 wrong usage (unknown option, missing folder, port in use).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { answeredHelpOrVersion, parseCommandLine, requireSiteFolders, runCommand, SITE_OPTIONS_HELP } from '../cli/options.ts';
import { UsageError } from '../diagnostics/index.ts';
import { listOf } from '../lib/list-of.ts';
import { isCurrentCommand } from '../cli/current.ts';
import { generatorVersion } from '../store/generator.ts';
import { THREAD_MODULES } from '../workers/modules.ts';
import { startPreview } from './index.ts';

const HELP = `Preview the physician's website, rebuilt and reloaded as you edit.

Usage: npm run preview -- [options]

Options:
  --port N         port to listen on (default: 4321; 0 picks a free one)
  --host H         address to listen on (default: 127.0.0.1, this computer only)
  --open           open the site in the default browser
${SITE_OPTIONS_HELP}`;

/** A folder as the person at the terminal would type it: from here when it is below here, else in full. */
function shownPath(dir: string): string {
  const relative = path.relative(process.cwd(), path.resolve(dir));
  return relative === '' ? '.' : relative.startsWith('..') || path.isAbsolute(relative) ? path.resolve(dir) : relative;
}

function readPort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, not "${text}".`);
  return port;
}

runCommand('preview', async () => {
  const { site, values } = parseCommandLine(process.argv.slice(2), {
    port: { type: 'string', default: '4321' },
    host: { type: 'string', default: '127.0.0.1' },
    open: { type: 'boolean', default: false },
  });
  if (answeredHelpOrVersion(site, HELP)) return 0;
  await requireSiteFolders(site);
  // Run compiled from an older version, the current one takes the preview over.
  if (!(await isCurrentCommand(THREAD_MODULES.previewCommand, await generatorVersion()))) return 0;
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const preview = await startPreview({ ...site, host: values.host as string, port: readPort(values.port as string), log });
  const watched = listOf(preview.watched.map((dir) => `${shownPath(dir)}/`));
  log(`Preview${site.includeDrafts ? ' (with drafts)' : ''} at ${preview.url}/ — edits to ${watched} rebuild and reload. Ctrl+C stops.`);
  if (values.open === true) {
    // Best effort: a machine without a desktop has no opener, and the URL is printed anyway.
    spawn(process.platform === 'darwin' ? 'open' : 'xdg-open', [`${preview.url}/`], { stdio: 'ignore', detached: true })
      .on('error', () => log('Could not open a browser; open the address above.'))
      .unref();
  }
  // Ctrl+C, a process manager's stop or a closed terminal: each closes the preview, which then records in out/'s marker what out/ holds.
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, resolve);
  });
  await preview.close();
  return 0;
});
