/**
 * Every command's --help and --version, run as an author runs them, each as a
 * process of its own: what they print, their exit code, and that a reader who
 * stops reading at once ends none of them with a stack trace.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { PLAIN_ENV, run } from '../../helpers/command.ts';
import { PROJECT_ROOT } from '../../helpers/sites.ts';

test('--help prints the options and exits 0', () => {
  const { code, stdout } = run('--help');
  assert.equal(code, 0);
  for (const flag of ['--content', '--insights', '--assets', '--out', '--cache', '--drafts', '--base-url', '--help', '--version']) assert.match(stdout, new RegExp(flag));
});

test('--version prints the name and version of package.json, through npm run build too', async () => {
  const { version } = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
  const direct = run('--version');
  assert.equal(direct.code, 0);
  assert.equal(direct.stdout, `physician-site ${version}\n`);
  const npm = spawnSync('npm', ['run', '--silent', 'build', '--', '--version'], { cwd: PROJECT_ROOT, encoding: 'utf8', env: PLAIN_ENV });
  assert.equal(npm.status, 0, npm.stderr);
  assert.equal(npm.stdout, `physician-site ${version}\n`);
});

test('every command answers --version the same way, and does nothing else', async () => {
  const { version } = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
  for (const command of ['build/preview/cli.ts', 'build/cli/report.ts', 'build/deploy/cli.ts', 'build/cli/new-article.ts', 'build/cli/sample-handouts.ts', 'build/cli/translations.ts']) {
    const answer = spawnSync(process.execPath, ['--import', 'tsx', command, '--version'], { cwd: PROJECT_ROOT, encoding: 'utf8', env: PLAIN_ENV, timeout: 30_000 });
    assert.equal(answer.status, 0, `${command}: ${answer.stderr}`);
    assert.equal(answer.stdout, `physician-site ${version}\n`, command);
  }
});

test('a reader that stops reading at once (`| head -1`) ends no command with a stack trace', async () => {
  for (const command of ['build/cli/build.ts', 'build/cli/sample-handouts.ts', 'build/cli/report.ts', 'build/cli/translations.ts']) {
    const child = spawn(process.execPath, ['--import', 'tsx', command, '--help'], { cwd: PROJECT_ROOT, env: PLAIN_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    // Closed before the command has started, so that its first write finds no reader.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    assert.equal(stderr, '', command);
    assert.equal(code, 0, command);
  }
});
