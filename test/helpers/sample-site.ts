/** The sample site, built in memory as `npm run build` would build it, once per test file and kind of build. */
import type { CalendarDay } from '../../build/lib/calendar-day.ts';
import { buildInMemory, SAMPLE_ASSETS, SAMPLE_CONTENT, type SiteBuild } from './sites.ts';

const builds = new Map<string, Promise<SiteBuild>>();

/**
 * @param includeDrafts a `--drafts` build, as the preview makes
 * @param today the build's day, when a test depends on it
 */
export function sampleSite(includeDrafts = false, today?: CalendarDay): Promise<SiteBuild> {
  const key = `${includeDrafts}:${today ?? ''}`;
  if (!builds.has(key)) builds.set(key, buildInMemory({ contentDir: SAMPLE_CONTENT, assetsDir: SAMPLE_ASSETS, includeDrafts, today }));
  return builds.get(key) as Promise<SiteBuild>;
}
