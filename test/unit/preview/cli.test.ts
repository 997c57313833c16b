/**
 * The preview's command as an author starts it, `npm run preview`, in a
 * process of its own: it ends with the command that started it.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { PLAIN_ENV } from '../../helpers/command.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { alteredFiles, readMarker } from '../../../build/write/index.ts';
import { copySampleSite, PROJECT_ROOT, TEST_CACHE_DIR } from '../../helpers/sites.ts';

/** True while something answers at the address. */
const answers = (url: string) => fetch(url).then(
  (response) => response.body?.cancel().then(() => true) ?? true,
  () => false,
);

/** Ends every process whose command line names the folder: a preview that outlived npm, so that a failing test leaves nothing running. */
function endStragglers(folder: string): void {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(folder)) process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Ended meanwhile, or not ours to read.
    }
  }
}

/** Waits until the process has printed what matches, and gives the match. */
function printed(child: ReturnType<typeof spawn>, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let text = '';
    const read = (chunk: Buffer) => {
      text += chunk.toString();
      const match = pattern.exec(text);
      if (match === null) return;
      child.stdout?.off('data', read);
      resolve(match);
    };
    child.stdout?.on('data', read);
    child.once('exit', () => reject(new Error(`The process ended before printing ${String(pattern)}:\n${text}`)));
  });
}

test('killing npm alone (not its process group) ends the preview it started, rather than leave it serving with no one to stop it', async () => {
  const out = path.join(await temporaryFolder('preview-cli-test'), 'out');
  const npm = spawn('npm', ['run', 'preview', '--', '--port', '0', '--out', out, '--cache', TEST_CACHE_DIR], { cwd: PROJECT_ROOT, env: PLAIN_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  const [, url] = await printed(npm, /Preview at (http:\/\/[^/\s]+)\//);
  try {
    assert.equal(await answers(`${url}/`), true, 'the preview serves');
    npm.kill('SIGTERM');
    let serving = true;
    for (const deadline = Date.now() + 10_000; serving && Date.now() < deadline; ) {
      await sleep(200);
      serving = await answers(`${url}/`);
    }
    assert.equal(serving, false, 'the preview stopped within 10 s of npm');
  } finally {
    endStragglers(out);
    npm.stdout.destroy();
    npm.stderr.destroy();
  }
});

test("a preview stopped by a process manager or a closed terminal, as by Ctrl+C, leaves out/'s record true to its files, so a deploy takes that out/", async () => {
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    const { root, contentDir, assetsDir, cleanup } = await copySampleSite();
    const out = path.join(root, 'out');
    const preview = spawn(process.execPath, ['--import', 'tsx', 'build/preview/cli.ts', '--port', '0', '--content', contentDir, '--assets', assetsDir, '--out', out, '--cache', TEST_CACHE_DIR], { cwd: PROJECT_ROOT, env: PLAIN_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const [started] = await printed(preview, /Preview at .*/);
      assert.ok(started.endsWith(`edits to ${contentDir}/, ${assetsDir}/, templates/ and build/ rebuild and reload. Ctrl+C stops.`), `the folders it watches, as given: ${started}`);
      const rebuilt = printed(preview, /Rebuilt in /);
      await appendFile(path.join(contentDir, 'insights', 'part-d-2026.md'), '\nOne more sentence for the test.\n');
      await rebuilt;
      const exited = new Promise<number | null>((resolve) => preview.once('exit', resolve));
      preview.kill(signal);
      assert.equal(await exited, 0, signal);
      const record = await readMarker(out);
      assert.ok(record !== undefined && record.size > 0, signal);
      assert.deepEqual(alteredFiles(out, record), [], `${signal}: the rewritten pages are recorded as they are`);
    } finally {
      endStragglers(out);
      await cleanup();
    }
  }
});
