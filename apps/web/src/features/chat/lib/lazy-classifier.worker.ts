/**
 * The classifier Web Worker (a module worker, started by classifier-host.ts). Its file name
 * starts with `lazy-` so that the built chunk (which bundles TF.js) is not precached with the
 * app shell but cached by the service worker when first used, like the model files: a chat
 * that loaded its model once keeps answering offline.
 */
import { answer, type EngineMessage, type EngineReply } from './classifier-engine';

type WorkerScope = {
  addEventListener(type: 'message', listener: (event: MessageEvent<EngineMessage>) => void): void;
  postMessage(message: EngineReply): void;
};

const scope = self as unknown as WorkerScope;

scope.addEventListener('message', (event) => {
  void answer(event.data).then((reply) => scope.postMessage(reply));
});
