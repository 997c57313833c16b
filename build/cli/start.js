/**
 * Where `npm run build` and `npm run preview` start, in JavaScript: Node 20
 * runs no TypeScript by itself, and loading tsx to run the commands' took
 * about 0.4 s of each start, most of a small site's build (see
 * test/bench/README.md). So it runs the command as compiled into one file
 * (workers/compiled.ts), which hands over to the generator's current
 * version if it was compiled from an older one (current.ts); before the
 * first compile, through tsx.
 *
 *   node build/cli/start.js build|preview [options]
 */
import { existsSync, readdirSync } from 'node:fs';
import process from 'node:process';

const COMPILED_DIR = new URL('../../node_modules/.cache/physician-site/', import.meta.url);

/** Each command's module, and the file workers/compiled.ts makes of it. */
const COMMANDS = {
  build: { source: './build.ts', compiled: 'build-cli-build.mjs' },
  preview: { source: '../preview/cli.ts', compiled: 'build-preview-cli.mjs' },
};

// The command's own options follow its name, as if it had been started alone.
const [name] = process.argv.splice(2, 1);
const command = Object.hasOwn(COMMANDS, name ?? '') ? COMMANDS[/** @type {keyof typeof COMMANDS} */ (name)] : undefined;
if (command === undefined) {
  process.stderr.write(`start.js runs one of ${Object.keys(COMMANDS).join(', ')}, not "${name ?? ''}".\n`);
  process.exit(2);
}

// compiled.ts leaves one version's folder, the last compiled.
const versions = existsSync(COMPILED_DIR) ? readdirSync(COMPILED_DIR) : [];
const compiled = versions.length === 1 ? new URL(`${versions[0]}/${command.compiled}`, COMPILED_DIR) : undefined;
if (compiled !== undefined && existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(command.source);
}
