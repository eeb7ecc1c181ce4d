/**
 * A worker entry for lib/worker-thread.test.ts: a worker service whose calls echo, wait, crash
 * the thread or throw, so that the host's handling of each can be seen.
 */
import { threadId } from 'node:worker_threads';
import { serveWorkerCalls } from './worker-thread';

export type FixtureCall =
  | { do: 'echo'; text: string }
  | { do: 'wait'; ms: number }
  | { do: 'crash' }
  | { do: 'throw'; message: string };

serveWorkerCalls<{ failSetup?: boolean }, FixtureCall, { text: string; threadId: number }>(
  async (init) => {
    if (init.failSetup) throw new Error('set-up failed');
    return async (call) => {
      if (call.do === 'echo') return { text: call.text, threadId };
      if (call.do === 'wait') {
        const end = Date.now() + call.ms;
        while (Date.now() < end); // busy, as a stuck computation is
        return { text: 'waited', threadId };
      }
      if (call.do === 'crash') process.exit(3);
      throw new Error(call.message);
    };
  },
);
