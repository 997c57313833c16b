/**
 * The preview's command as an author starts it, `npm run preview`, in a
 * process of its own: it ends with the command that started it.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { PLAIN_ENV } from '../../helpers/command.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { PROJECT_ROOT, TEST_CACHE_DIR } from '../../helpers/sites.ts';

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

test('killing npm alone (not its process group) ends the preview it started, rather than leave it serving with no one to stop it', async () => {
  const out = path.join(await temporaryFolder('preview-cli-test'), 'out');
  const npm = spawn('npm', ['run', 'preview', '--', '--port', '0', '--out', out, '--cache', TEST_CACHE_DIR], { cwd: PROJECT_ROOT, env: PLAIN_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let printed = '';
    npm.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const address = /Preview at (http:\/\/[^/\s]+)\//.exec(printed)?.[1];
      if (address !== undefined) resolve(address);
    });
    npm.once('exit', () => reject(new Error(`npm ended before the preview started:\n${printed}`)));
  });
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
