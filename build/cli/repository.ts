/**
 * The GitHub repository the browser editor commits to (`owner/name`), which
 * the build writes into the editor's configuration: GitHub Actions names it
 * (`GITHUB_REPOSITORY`), so the published editor always has it; on a
 * computer it is the checkout's `origin` remote when that is on GitHub.
 *
 * The remote is read from the checkout's git config file rather than asked of
 * `git`: every command reads its options, and starting `git` cost a build
 * with nothing to do a tenth of its time (test/bench/README.md).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../lib/project-root.ts';

/** `owner/name` of a GitHub remote's address, in its https or ssh form. */
export function repositoryOfRemote(remote: string): string | undefined {
  return /github\.com[:/]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(remote.trim())?.[1];
}

/** The config file of the checkout at `root`: `.git/config`, or, where `.git` is a file naming a worktree's folder, its main checkout's. */
function gitConfigFile(root: string): string {
  const dotGit = path.join(root, '.git');
  if (statSync(dotGit).isDirectory()) return path.join(dotGit, 'config');
  const gitDir = path.resolve(root, /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim() ?? '.git');
  const common = path.join(gitDir, 'commondir');
  return path.join(existsSync(common) ? path.resolve(gitDir, readFileSync(common, 'utf8').trim()) : gitDir, 'config');
}

/** The `url` of the `[remote "origin"]` section of a git config file's text. */
function originUrl(config: string): string | undefined {
  let inOrigin = false;
  for (const line of config.split(/\r?\n/)) {
    const section = /^\s*\[\s*([^\]]+?)\s*\]/.exec(line)?.[1];
    if (section !== undefined) inOrigin = /^remote\s+"origin"$/i.test(section);
    const url = inOrigin ? /^\s*url\s*=\s*"?([^"]*?)"?\s*$/i.exec(line)?.[1] : undefined;
    if (url !== undefined) return url;
  }
  return undefined;
}

/**
 * The repository, or undefined when neither GitHub Actions nor the checkout names one.
 *
 * @param root the checkout whose `origin` remote is read
 */
export function gitHubRepository(environment: NodeJS.ProcessEnv = process.env, root = PROJECT_ROOT): string | undefined {
  const named = environment.GITHUB_REPOSITORY?.trim();
  if (named !== undefined && named !== '') return named;
  try {
    const remote = originUrl(readFileSync(gitConfigFile(root), 'utf8'));
    return remote === undefined ? undefined : repositoryOfRemote(remote);
  } catch {
    // No checkout, or a config that cannot be read: the editor's local-repository mode still works.
    return undefined;
  }
}
