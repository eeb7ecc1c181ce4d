/**
 * The TF.js runtime of the chat screens and the classifier built on it: tfjs-core + tfjs-layers
 * + the CPU backend (not the full @tensorflow/tfjs bundle: no converter, data or WebGL code),
 * with packages/classifier's inference (its ONE preprocessing). Only ever imported dynamically
 * (`import('./tf-runtime')`), so that TF.js lands in the `lazy-tfjs` chunk, which the service
 * worker caches at run time instead of precaching. No eval: fits the CSP (script-src 'self').
 */
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import { loadLayersModel } from '@tensorflow/tfjs-layers';
import type { ModelArtifacts } from '@dwitunggal/classifier/artifacts';
import { createClassifier, tfjsModel, type Classifier } from '@dwitunggal/classifier/infer';

let ready: Promise<void> | null = null;

function init(): Promise<void> {
  ready ??= (async () => {
    tf.enableProdMode();
    // The models are tiny (one predict() is well under a millisecond): the CPU backend is
    // enough and starts at once, without compiling shaders.
    await tf.setBackend('cpu');
    await tf.ready();
  })();
  return ready;
}

export type LoadedClassifier = { classifier: Classifier; dispose(): void };

/**
 * Loads a model's artifacts (fetched in the engine with the classifier's `fetchArtifacts`) as a
 * layers model from memory and wraps it as the package's classifier. Throws
 * IncompatibleModelError for a model trained with other preprocessing than this build implements.
 */
export async function loadClassifier(artifacts: ModelArtifacts): Promise<LoadedClassifier> {
  await init();
  const { modelJson, weights, wordIndex, content } = artifacts;
  const model = await loadLayersModel(
    tf.io.fromMemory({
      modelTopology: modelJson.modelTopology,
      weightSpecs: modelJson.weightsManifest.flatMap((group) => group.weights),
      weightData: weights,
    }),
  );
  try {
    const classifier = createClassifier(tfjsModel(tf, model), wordIndex, content);
    return { classifier, dispose: () => model.dispose() };
  } catch (error) {
    model.dispose();
    throw error;
  }
}
