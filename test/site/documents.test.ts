/**
 * The documents a reader starts from: the README stays short enough to read,
 * says why each package is installed, and its links and build/README.md's
 * lead to files that exist.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { PROJECT_ROOT } from '../../build/lib/project-root.ts';

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
const README = read('README.md');

test('the README is at most 300 lines', () => {
  const lines = README.trimEnd().split('\n').length;
  assert.ok(lines <= 300, `README.md has ${lines} lines`);
});

test('the README names every package the project installs, and why, under "Dependencies, and why each"', () => {
  const section = README.split(/^## /m).find((part) => part.startsWith('Dependencies, and why each'));
  assert.ok(section !== undefined, 'README.md has a section "## Dependencies, and why each"');
  const named = new Set([...section.matchAll(/\*\*([^*]+)\*\*/g)].map((match) => match[1]));
  const manifest = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  const packages = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)];
  // The @types/ packages are named together, by what they type.
  const unexplained = packages.filter((name) => !named.has(name) && !(name.startsWith('@types/') && section.includes('`@types/`')));
  assert.deepEqual(unexplained, []);
});

test('every relative link of the README and build/README.md leads to a file or folder of the project', () => {
  for (const document of ['README.md', 'build/README.md']) {
    const targets = [...read(document).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1] ?? '').filter((target) => !/^[a-z]+:/.test(target));
    const missing = targets.filter((target) => !existsSync(path.resolve(path.dirname(path.join(PROJECT_ROOT, document)), target)));
    assert.deepEqual(missing, [], document);
  }
});
