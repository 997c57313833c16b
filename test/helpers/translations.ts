/**
 * A copy of the sample for the tests of translations that stay true (issue
 * 57): made before a file's tests and removed after them, built on a day its
 * reviews are current, with the build's `translation-outdated` warnings as
 * printed and `npm run translations` run in its folder as the physician runs it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before } from 'node:test';
import { formatDiagnostic } from '../../build/diagnostics/index.ts';
import { PLAIN_ENV } from './command.ts';
import { buildInMemory, copySampleSite, PROJECT_ROOT, TEST_CACHE_DIR, type SiteBuild } from './sites.ts';

export interface DriftSite {
  root: string;
  contentDir: string;
  assetsDir: string;
  /** A file of the copy, by its path in it (`content/insights/part-d-2026.md`). */
  file: (name: string) => string;
  build: () => Promise<SiteBuild>;
  /** The build's translation-outdated warnings, as printed from the copy's folder. */
  drift: (built: SiteBuild) => string[];
  translations: (...args: string[]) => { code: number | null; stdout: string; stderr: string };
}

/** The copy, ready once the file's `before` hooks have run. */
export function driftSite(): DriftSite {
  let copy: Awaited<ReturnType<typeof copySampleSite>> | undefined;
  before(async () => {
    copy = await copySampleSite();
  });
  after(() => copy?.cleanup());
  const root = () => copy?.root ?? '';
  return {
    get root() {
      return root();
    },
    get contentDir() {
      return copy?.contentDir ?? '';
    },
    get assetsDir() {
      return copy?.assetsDir ?? '';
    },
    file: (name) => path.join(root(), name),
    build: () => buildInMemory({ contentDir: copy?.contentDir ?? '', assetsDir: copy?.assetsDir ?? '', today: '2025-11-01', year: 2025 }),
    drift: (built) => built.warnings.filter((warning) => warning.ruleId === 'translation-outdated').map((warning) => formatDiagnostic(warning, root())),
    translations: (...args) => {
      const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), path.join(PROJECT_ROOT, 'build/cli/translations.ts'), '--cache', TEST_CACHE_DIR, ...args], { cwd: root(), encoding: 'utf8', env: PLAIN_ENV });
      return { code: result.status, stdout: result.stdout, stderr: result.stderr };
    },
  };
}

/** The row of `npm run translations`'s table for an original. */
export const listedRow = (listing: string, original: string) => listing.split('\n').find((line) => line.startsWith(`| ${original} `));

/** The 1-based line of a text that starts so. */
export const lineStarting = (text: string, start: string) => text.split('\n').findIndex((line) => line.startsWith(start)) + 1;
