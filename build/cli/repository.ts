/**
 * The GitHub repository the browser editor commits to (`owner/name`), which
 * the build writes into the editor's configuration: GitHub Actions names it
 * (`GITHUB_REPOSITORY`), so the published editor always has it; on a
 * computer it is the checkout's `origin` remote when that is on GitHub.
 */
import { execFileSync } from 'node:child_process';
import { PROJECT_ROOT } from '../lib/project-root.ts';

/** `owner/name` of a GitHub remote's address, in its https or ssh form. */
export function repositoryOfRemote(remote: string): string | undefined {
  return /github\.com[:/]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(remote.trim())?.[1];
}

/** The repository, or undefined when neither GitHub Actions nor the checkout names one. */
export function gitHubRepository(environment: NodeJS.ProcessEnv = process.env): string | undefined {
  const named = environment.GITHUB_REPOSITORY?.trim();
  if (named !== undefined && named !== '') return named;
  try {
    const remote = execFileSync('git', ['remote', 'get-url', 'origin'], { cwd: PROJECT_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 });
    return repositoryOfRemote(remote);
  } catch {
    // No git, no checkout, or no origin: the editor's local-repository mode still works.
    return undefined;
  }
}
