/**
 * The preview's build thread. A thread has its own module graph: when a
 * template or the generator changes, the preview starts a new one, which
 * imports the new code; content changes reuse the warm one and its session.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PreviewSession, type BuildRequest } from './session.ts';

/** Idle this long after a build, the session records out/ in its marker; an edit saved meanwhile does not wait for that. */
const SAVE_AFTER_MS = 30_000;

type Message = { id: number; changedPaths: string[] | undefined } | { save: true };

function serve(): void {
  const { request, generator } = workerData as { request: BuildRequest; generator: string };
  const session = new PreviewSession(request, generator);
  let builds = Promise.resolve();
  let idle: NodeJS.Timeout | undefined;
  parentPort?.on('message', (message: Message) => {
    clearTimeout(idle);
    if ('save' in message) {
      builds = builds.then(() => session.save()).then(() => parentPort?.postMessage({ saved: true }));
      return;
    }
    // One build at a time, in the order asked.
    builds = builds.then(async () => {
      parentPort?.postMessage({ id: message.id, outcome: await session.build(message.changedPaths) });
      // After the first build has answered, so that its first page does not wait for it (see test/bench/README.md).
      await session.rehearse();
      // A new file unlisted would stop a build run beside the preview; an edit to files already listed can wait.
      if (session.hasUnlistedFiles) session.save();
      else idle = setTimeout(() => session.save(), SAVE_AFTER_MS).unref();
    });
  });
}

serve();
