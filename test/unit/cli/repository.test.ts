/**
 * The repository the browser editor commits to (build/cli/repository.ts):
 * the one GitHub Actions names, else the checkout's GitHub remote.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gitHubRepository, repositoryOfRemote } from '../../../build/cli/repository.ts';

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
