/** The real site of this repository, built in memory as `npm run build` would build it, once per test file and kind of build. */
import path from 'node:path';
import type { CalendarDay } from '../../build/lib/calendar-day.ts';
import { buildInMemory, PROJECT_ROOT, type SiteBuild } from './sites.ts';

const builds = new Map<string, Promise<SiteBuild>>();

/**
 * @param includeDrafts a `--drafts` build, as the preview makes
 * @param today the build's day, when a test depends on it
 */
export function realSite(includeDrafts = false, today?: CalendarDay): Promise<SiteBuild> {
  const key = `${includeDrafts}:${today ?? ''}`;
  if (!builds.has(key)) builds.set(key, buildInMemory({ contentDir: path.join(PROJECT_ROOT, 'content'), assetsDir: path.join(PROJECT_ROOT, 'assets'), includeDrafts, today }));
  return builds.get(key) as Promise<SiteBuild>;
}
