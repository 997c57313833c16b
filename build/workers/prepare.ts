import { generatorVersion } from '../store/generator.ts';
import { compiledModule } from './compiled.ts';
import { THREAD_MODULES } from './modules.ts';

/**
 * Compiles every thread's module for the generator's current version, so
 * that the first build or preview after installing starts its threads at
 * once, as every later one does, rather than compiling them first.
 *
 * @param compiledDir where compiled files are kept, when not the project's own (tests)
 */
export async function prepareThreads(compiledDir?: string): Promise<void> {
  const generator = await generatorVersion();
  for (const module of Object.values(THREAD_MODULES)) await compiledModule(module, generator, compiledDir);
}
