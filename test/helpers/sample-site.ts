/** The sample site, built in memory as `npm run build` would build it, once per test file and kind of build. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CalendarDay } from '../../build/lib/calendar-day.ts';
import { article, buildInMemory, copySampleSite, SAMPLE_ASSETS, SAMPLE_CONTENT, type SiteBuild } from './sites.ts';

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

/** The articles `withUntranslatedArticles` adds to the sample, each in one language only, by their address. */
export const UNTRANSLATED = { english: '/insights/only-in-english', spanish: '/es/insights/solo-en-espanol' } as const;

/**
 * The sample site with an article in English only and one in Spanish only
 * beside its translated ones: every article of the sample has its
 * translation, and what a page without one shows is checked too.
 */
export async function withUntranslatedArticles(): Promise<SiteBuild> {
  const copy = await copySampleSite();
  try {
    const insights = path.join(copy.contentDir, 'insights');
    await writeFile(path.join(insights, 'only-in-english.md'), article({ title: 'Only in English', summary: 'An article with no Spanish version.', date: '2025-09-02', draft: false }));
    await writeFile(path.join(insights, 'solo-en-espanol.es.md'), article({ title: 'Solo en español', summary: 'Un artículo sin versión en inglés.', date: '2025-09-03', draft: false }, 'Unas palabras del artículo.'));
    return await buildInMemory({ contentDir: copy.contentDir, assetsDir: copy.assetsDir });
  } finally {
    await copy.cleanup();
  }
}
