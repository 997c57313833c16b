/**
 * The small site the discovery tests read (sitemap, feeds, structured data,
 * sharing cards, trust lines): two published articles, one reviewed later
 * and by a guest author, and a draft that must appear nowhere.
 */
import assert from 'node:assert/strict';
import { article, type SiteBuild, type SiteFiles } from './sites.ts';

export const DISCOVERY_FILES: SiteFiles = {
  'content/insights/old.md': article({ title: 'Old News', summary: 'Old summary.', date: '2024-03-05' }, 'See [the education page](/education).'),
  'content/insights/new.md': article({ title: 'Newest Thing', summary: 'New summary.', date: '2025-10-21', lastReviewed: '2025-11-02', author: 'Dr. Guest' }),
  'content/insights/secret.md': article({ title: 'Secret Draft', summary: 'Draft summary.', date: '2026-01-01', draft: true }, 'A draft sentence long enough to be noticed anywhere.'),
};

/** What of the draft must not appear in any output. */
export const DRAFT_TRACES = /Secret Draft|secret-draft|Draft summary|draft sentence/;

/** The addresses of the published pages. */
export const PUBLISHED_URLS = ['https://test.example/', 'https://test.example/insights', 'https://test.example/insights/newest-thing', 'https://test.example/insights/old-news', 'https://test.example/education', 'https://test.example/about'];

/** A file of a built site, as bytes; fails the test when the build has no such file. */
export function fileOf(build: SiteBuild, name: string): Buffer {
  const contents = build.files.get(name);
  assert.ok(contents !== undefined, `${name} is generated`);
  return Buffer.from(contents);
}
