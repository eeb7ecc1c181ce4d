/**
 * The one path from training data to answers that `npm run classifier:ask` and the out-of-scope
 * bench share: trains exactly as the server does (the same trainer and defaults), then answers
 * exactly as the browser does (the same preprocessing, the pure-TS forward pass that matches
 * TF.js, thresholds, response choice and fallback lines).
 */
import type { Dataset } from './dataset';
import { closeCallPrompt, fallbackReply, tagDisplayName, type Figure } from './fallbacks';
import { createClassifier, localModel } from './infer';
import { train, type TrainOptions } from './train';

export interface Answer {
  question: string;
  tag: string;
  /** The top probability. */
  confidence: number;
  /** True when the figure answers with a fallback line. */
  fallback: boolean;
  /** True when the figure asks "Maksud Anda ...?" between `tag` and `runnerUp` instead. */
  closeCall: boolean;
  runnerUp: string;
  response: string;
}

/** Trains on `dataset` and returns a function answering one question the way the chat does. */
export function createAsker(
  dataset: Dataset,
  figure: Figure,
  seed: number,
  options: Omit<TrainOptions, 'seed'> = {},
): (question: string) => Promise<Answer> {
  const { artifacts } = train(dataset, { ...options, seed });
  const classifier = createClassifier(
    localModel(artifacts.modelJson, artifacts.weights),
    artifacts.wordIndex,
    artifacts.content,
  );
  // A fixed sequence instead of Math.random, so that two runs print the same answers.
  let state = seed >>> 0 || 1;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const starters = dataset.starters ?? [];
  return async (question) => {
    const p = await classifier.classify(question);
    const { labels } = artifacts.content;
    const response = p.closeCall
      ? closeCallPrompt(figure, tagDisplayName(p.tag, labels), tagDisplayName(p.runnerUp, labels))
      : p.lowConfidence
        ? fallbackReply(figure, starters, random)
        : (classifier.respond(p.tag, random, question) ?? fallbackReply(figure, starters, random));
    return {
      question,
      tag: p.tag,
      confidence: Math.round(p.probability * 10000) / 10000,
      fallback: p.lowConfidence && !p.closeCall,
      closeCall: p.closeCall,
      runnerUp: p.runnerUp,
      response,
    };
  };
}
