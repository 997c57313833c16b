/**
 * The generator's shape, as build/README.md draws it: each stage imports only
 * the stages before it and the folders every stage may use, those folders
 * import no stage, and no two folders import each other, even for a type.
 * Read from the import lines themselves with TypeScript's own pre-processor.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import fg from 'fast-glob';
import ts from 'typescript';
import { PROJECT_ROOT } from '../../build/lib/project-root.ts';

/** The pipeline's stages, in order. */
const STAGES = ['load', 'parse', 'model', 'markdown', 'pages', 'outputs', 'check', 'write', 'produce'];
/** What any stage may import. */
const SHARED = ['lib', 'diagnostics', 'store', 'host', 'workers', 'config.ts', 'memory.ts', 'output.ts'];

/** A module's part of the generator: its folder below build/ (or its file, at the top), or `templates`. */
function partOf(file: string): string {
  const [top, second] = path.relative(PROJECT_ROOT, file).split(path.sep);
  return top === 'build' && second !== undefined ? second : (top ?? '');
}

/** Every import between two parts of the generator, type imports and re-exports included. */
function importsBetweenParts(): { from: string; to: string; line: string }[] {
  const files = fg.sync(['build/**/*.{ts,tsx}', 'templates/**/*.{ts,tsx}'], { cwd: PROJECT_ROOT, absolute: true });
  return files.flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => ({ from: partOf(file), to: partOf(path.resolve(path.dirname(file), fileName)), line: `${path.relative(PROJECT_ROOT, file)} imports ${fileName}` }))
      .filter(({ from, to }) => from !== to),
  );
}

const imports = importsBetweenParts();

test('every stage and shared folder the README names is a part of build/ with imports', () => {
  const parts = new Set(imports.flatMap(({ from, to }) => [from, to]));
  for (const part of [...STAGES, ...SHARED]) assert.ok(parts.has(part), `${part} is part of build/ and imported or importing`);
});

test('a stage imports no stage after it', () => {
  const later = imports.filter(({ from, to }) => STAGES.includes(from) && STAGES.includes(to) && STAGES.indexOf(to) > STAGES.indexOf(from));
  assert.deepEqual(later.map(({ line }) => line), []);
});

test('pipeline.ts and revise.ts, which plan the site, import no stage after the plan', () => {
  const afterPlan = STAGES.slice(STAGES.indexOf('outputs') + 1);
  const later = imports.filter(({ from, to }) => ['pipeline.ts', 'revise.ts'].includes(from) && afterPlan.includes(to));
  assert.deepEqual(later.map(({ line }) => line), []);
});

test('the folders every stage may use import no stage, and lib/ nothing of the generator but config.ts', () => {
  const upward = imports.filter(({ from, to }) => SHARED.includes(from) && (STAGES.includes(to) || (from === 'lib' && to !== 'config.ts')));
  assert.deepEqual(upward.map(({ line }) => line), []);
});

test('no two parts of the generator import each other, directly or around a loop', () => {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of imports) next.set(from, (next.get(from) ?? new Set()).add(to));
  const loops: string[] = [];
  const finished = new Set<string>();
  const visit = (part: string, trail: string[]): void => {
    if (trail.includes(part)) loops.push([...trail.slice(trail.indexOf(part)), part].join(' → '));
    if (trail.includes(part) || finished.has(part)) return;
    for (const to of next.get(part) ?? []) visit(to, [...trail, part]);
    finished.add(part);
  };
  for (const part of next.keys()) visit(part, []);
  assert.deepEqual(loops, []);
});
