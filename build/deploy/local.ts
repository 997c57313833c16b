import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../diagnostics/index.ts';
import { ERROR_DOCUMENT, hostedObjects, listOutput, redirectOfPage, type Redirect } from '../host/index.ts';
import type { LocalObject } from './plan.ts';

/**
 * Reads out/ into the objects the bucket should hold: every file, each with
 * the MD5 of its bytes, plus the page copies and redirect objects of the host
 * contract. Redirects are read from the alias pages themselves, so that out/
 * alone says everything a deploy needs.
 *
 * @param outDir the built site
 */
export async function readOutput(outDir: string): Promise<LocalObject[]> {
  const files = await listOutput(outDir).catch(() => {
    throw new UsageError(`The folder ${outDir} does not exist; run npm run build first, or pass --out DIR.`);
  });
  if (!files.includes('index.html') || !files.includes(ERROR_DOCUMENT)) {
    throw new UsageError(`${outDir} is not a built site (no index.html or ${ERROR_DOCUMENT}); run npm run build first.`);
  }
  const facts = new Map<string, { md5: string; size: number }>();
  const redirects: Redirect[] = [];
  for (const file of files) {
    const bytes = await readFile(path.join(outDir, file));
    facts.set(file, { md5: createHash('md5').update(bytes).digest('hex'), size: bytes.length });
    const to = file.endsWith('/index.html') ? redirectOfPage(bytes.toString('utf8')) : undefined;
    if (to !== undefined) redirects.push({ from: `/${file.slice(0, -'/index.html'.length)}`, to });
  }
  return [...hostedObjects(files, redirects).values()].map((object) => ({ ...object, ...(facts.get(object.file) as { md5: string; size: number }) }));
}
