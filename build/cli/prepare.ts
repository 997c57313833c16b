/**
 * Run by `npm ci` and `npm install` (package.json's `prepare`): compiles the
 * generator's threads ahead of the first build (see workers/prepare.ts).
 */
import { prepareThreads } from '../workers/prepare.ts';

await prepareThreads();
