/**
 * A command run compiled (cli/start.js) may have been compiled from an older
 * version of the generator than the one on disk: it then hands over to the
 * current version, compiled first, rather than run code that is no longer
 * the generator's.
 */
import { compiledFor, compiledModule, versionFolder } from '../workers/compiled.ts';

/**
 * Whether this command is the generator's current version. Either way the
 * current version is compiled, for the next run to start at once. When it is
 * not, the current one is started in this process, after `beforeHandover`
 * (which ends what the old one started), and sets the exit code when it ends.
 *
 * @param command the command's module, one of THREAD_MODULES (workers/modules.ts)
 * @param generator the generator's version (store/generator.ts)
 */
export async function isCurrentCommand(command: URL, generator: string, beforeHandover: () => Promise<unknown> = () => Promise.resolve()): Promise<boolean> {
  const running = compiledFor();
  if (running === versionFolder(generator)) return true;
  const current = await compiledModule(command, generator);
  if (running === undefined) return true;
  await beforeHandover();
  await import(current.href);
  return false;
}
