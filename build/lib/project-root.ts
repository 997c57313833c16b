import { fileURLToPath } from 'node:url';

/** The generator's own folder: package.json, build/, templates/, node_modules/. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
