/**
 * The repository the browser editor commits to (build/cli/repository.ts):
 * the one GitHub Actions names, else the checkout's GitHub remote.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { gitHubRepository, repositoryOfRemote } from '../../../build/cli/repository.ts';
import { PROJECT_ROOT } from '../../../build/lib/project-root.ts';

test('a GitHub remote names its repository, in its https or ssh form; another host names none', () => {
  for (const remote of ['https://github.com/dr-sample/website.git', 'https://github.com/dr-sample/website', 'git@github.com:dr-sample/website.git', 'ssh://git@github.com/dr-sample/website.git\n']) {
    assert.equal(repositoryOfRemote(remote), 'dr-sample/website', remote);
  }
  assert.equal(repositoryOfRemote('https://gitlab.com/dr-sample/website.git'), undefined);
  assert.equal(repositoryOfRemote('/srv/git/website'), undefined);
});

test('GitHub Actions names the repository it builds, whatever the checkout says', () => {
  assert.equal(gitHubRepository({ GITHUB_REPOSITORY: 'dr-sample/website' }), 'dr-sample/website');
});

test("a checkout's origin is read from its git config: its own, or, from a worktree, the main checkout's; none without one", async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'repository-'));
  try {
    const main = path.join(root, 'main');
    await mkdir(path.join(main, '.git', 'worktrees', 'draft'), { recursive: true });
    await writeFile(path.join(main, '.git', 'config'), '[core]\n\tbare = false\n[remote "upstream"]\n\turl = https://github.com/someone/else.git\n[remote "origin"]\n\turl = git@github.com:dr-sample/website.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n');
    assert.equal(gitHubRepository({}, main), 'dr-sample/website');
    const worktree = path.join(root, 'draft');
    await mkdir(worktree);
    await writeFile(path.join(worktree, '.git'), `gitdir: ${path.join(main, '.git', 'worktrees', 'draft')}\n`);
    await writeFile(path.join(main, '.git', 'worktrees', 'draft', 'commondir'), '../..\n');
    assert.equal(gitHubRepository({}, worktree), 'dr-sample/website');
    await writeFile(path.join(main, '.git', 'config'), '[remote "origin"]\n\turl = https://gitlab.com/dr-sample/website.git\n');
    assert.equal(gitHubRepository({}, main), undefined, 'a remote elsewhere than GitHub');
    assert.equal(gitHubRepository({}, root), undefined, 'no checkout');
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test("this project's own checkout names the same repository as git does", (context) => {
  let remote: string;
  try {
    remote = execFileSync('git', ['remote', 'get-url', 'origin'], { cwd: PROJECT_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    context.skip('this checkout has no origin remote');
    return;
  }
  assert.equal(gitHubRepository({}), repositoryOfRemote(remote));
});
