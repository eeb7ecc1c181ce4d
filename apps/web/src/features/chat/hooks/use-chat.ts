import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { HISTORY_MAX_TURNS, PROMPT_MAX, type ChatTurn } from '@dwitunggal/contracts/chat';
import { closeCallPrompt, fallbackReply, tagDisplayName } from '@dwitunggal/classifier/fallbacks';
import type { TurnInput } from '@dwitunggal/contracts/learning';
import { useCallback, useEffect, useRef, useState } from 'react';
import { recordTags, recordTurns } from '../learning/record';
import { restoreOnOpen } from '../learning/restore';
import { useHydrated } from '@/prerender/hydration';
import { pageSettled } from '@/lib/when-idle';
import { CHAT_MESSAGES } from '../config/characters';
import { STARTERS } from '../config/starters';
import { askRag } from '../api/rag';
import { describeFailure, type FailureKind } from '../lib/chat-failure';
import { playChime } from '../lib/chime';
import { classifierFor } from '../lib/model-manager';
import { unlockAchievement } from '../stores/achievements';
import {
  appendMessages,
  chatHistory,
  messageId,
  patchMeta,
  removeMessage,
  useChatHistory,
  type ChatMessage,
  type MessageMeta,
  type TagChoice,
} from '../stores/chat-history';
import { useModelPreference } from '../stores/model-preference';

const UNLOCK_TOAST_MS = 4500;

/** A question that got no answer: what went wrong, and what a retry needs. */
export type ChatFailure = {
  kind: FailureKind;
  /** Seconds the server asked to wait (Retry-After on a 429), when it said. */
  retryAfter: number | null;
  question: ChatMessage;
  earlier: ChatMessage[];
  /** The error answer shown in the conversation (a retry replaces it). */
  errorId: string;
};

const seconds = (since: number) => Math.max(0, (performance.now() - since) / 1000);

/** The last turns of a conversation as the rag model reads them (errors left out). */
export function recentTurns(messages: readonly ChatMessage[]): ChatTurn[] {
  return messages
    .filter((m) => !m.isError && m.text.trim())
    .slice(-HISTORY_MAX_TURNS)
    .map((m) => ({
      role: m.sender === 'user' ? 'user' : 'figure',
      text: m.text.trim().slice(0, PROMPT_MAX * 2),
    }));
}

/**
 * A tfjs question and its answer as the server keeps them; the answer carries what the
 * classifier decided (tag, confidence, and `fallback` when it answered with a fallback line).
 */
export function tfjsTurns(question: ChatMessage, answer: ChatMessage): TurnInput[] {
  const meta = answer.meta;
  return [
    {
      clientId: question.id,
      role: 'user',
      text: question.text,
      model: 'tfjs',
      createdAt: question.timestamp,
    },
    {
      clientId: answer.id,
      role: 'figure',
      text: answer.text,
      model: 'tfjs',
      createdAt: answer.timestamp,
      meta: {
        ...(meta?.tag ? { tag: meta.tag } : {}),
        ...(typeof meta?.probability === 'number' ? { confidence: meta.probability } : {}),
        ...(meta?.lowConfidence ? { fallback: true } : {}),
      },
    },
  ];
}

/** A figure's tfjs answer: the tag's best response for the question, with what decided it. */
function tfjsAnswer(
  character: CharacterKey,
  reply: string,
  started: number,
  prediction: { tag: string; probability: number; lowConfidence?: boolean },
  version: number,
): ChatMessage {
  const meta: MessageMeta = {
    model: 'tfjs',
    elapsedSeconds: seconds(started),
    tag: prediction.tag,
    probability: prediction.probability,
    modelVersion: version,
  };
  if (prediction.lowConfidence) meta.lowConfidence = true;
  return {
    id: messageId(),
    text: reply,
    sender: character,
    timestamp: new Date().toISOString(),
    meta,
  };
}

/**
 * One conversation (spec section 4, Chat): the user message is shown, the typing indicator
 * appears, then the answer is appended and both are saved. tfjs answers in the browser (and
 * may unlock an achievement); rag asks the server and streams the answer with its sources.
 * The signed-in learner's turns and achievements are kept on the server too (issue 15).
 */
export function useChat(character: CharacterKey, userId: string | undefined) {
  const messages = useChatHistory(character);
  const model = useModelPreference(character);
  const [loading, setLoading] = useState(false);
  const [streamingText, setStreamingText] = useState<string | null>(null);
  const [failure, setFailure] = useState<ChatFailure | null>(null);
  const [unlocked, setUnlocked] = useState<string | null>(null);
  const busy = useRef(false);
  const toastTimer = useRef<number | undefined>(undefined);
  const hydrated = useHydrated();

  useEffect(() => () => window.clearTimeout(toastTimer.current), []);

  // Nothing stored here for this figure: the learner's history comes from the server.
  const isEmpty = messages.length === 0;
  useEffect(() => {
    if (hydrated && userId && isEmpty)
      void restoreOnOpen(userId, character, pageSettled).catch(() => {});
  }, [hydrated, userId, isEmpty, character]);

  const announceUnlock = useCallback((tag: string) => {
    playChime();
    setUnlocked(tag);
    window.clearTimeout(toastTimer.current);
    toastTimer.current = window.setTimeout(() => setUnlocked(null), UNLOCK_TOAST_MS);
  }, []);

  const answerWithTfjs = useCallback(
    async (question: ChatMessage, started: number): Promise<ChatMessage> => {
      const { text } = question;
      const loaded = await classifierFor(character);
      const predictStart = performance.now();
      const prediction = await loaded.classifier.classify(text);
      // Cheap production timing of one in-browser prediction (read by bench/chat-browser.ts).
      performance.measure('dw:predict', { start: predictStart, end: performance.now() });
      if (prediction.closeCall) {
        // Two tags are close: the figure asks which one was meant (decision 022).
        const { labels } = loaded.content;
        const choices: TagChoice[] = [
          { tag: prediction.tag, probability: prediction.probability },
          { tag: prediction.runnerUp, probability: prediction.probability - prediction.margin },
        ].map((c) => ({ ...c, label: tagDisplayName(c.tag, labels) }));
        return {
          id: messageId(),
          text: closeCallPrompt(character, choices[0]!.label, choices[1]!.label),
          sender: character,
          timestamp: new Date().toISOString(),
          meta: {
            model: 'tfjs',
            elapsedSeconds: seconds(started),
            modelVersion: loaded.version,
            choices,
            questionId: question.id,
          },
        };
      }
      const starters = STARTERS[character].map((s) => ({ text: s }));
      const reply = prediction.lowConfidence
        ? fallbackReply(character, starters)
        : (loaded.classifier.respond(prediction.tag, Math.random, text) ??
          fallbackReply(character, starters));
      return tfjsAnswer(character, reply, started, prediction, loaded.version);
    },
    [character],
  );

  /** Keeps a tfjs question and answer on the server and unlocks the answer's tag. */
  const keepTfjsTurn = useCallback(
    (question: ChatMessage, reply: ChatMessage) => {
      recordTurns(userId, character, tfjsTurns(question, reply));
      const tag = reply.meta?.tag;
      if (tag && !reply.meta?.lowConfidence && unlockAchievement(character, tag)) {
        announceUnlock(tag);
        recordTags(userId, character, [tag]);
      }
    },
    [character, userId, announceUnlock],
  );

  const answerWithRag = useCallback(
    async (
      text: string,
      started: number,
      question: ChatMessage,
      earlier: ChatMessage[],
    ): Promise<ChatMessage> => {
      const id = messageId();
      const answer = await askRag({
        karakter: character,
        prompt: text,
        history: recentTurns(earlier),
        // The server keeps both turns under the ids the chat shows.
        turnIds: { user: question.id, figure: id },
        onText: setStreamingText,
      });
      return {
        id,
        text: answer.response,
        sender: character,
        timestamp: new Date().toISOString(),
        meta: { model: 'rag', elapsedSeconds: seconds(started), sources: answer.sources },
      };
    },
    [character],
  );

  /**
   * Answers `question` (already on screen) and appends the answer. On a failure the answer is an
   * error message (spec section 8: the rag call's fallback text) and the banner offers a retry.
   */
  const answer = useCallback(
    async (question: ChatMessage, earlier: ChatMessage[]): Promise<void> => {
      busy.current = true;
      setFailure(null);
      setLoading(true);
      const started = performance.now();
      try {
        const reply =
          model === 'tfjs'
            ? await answerWithTfjs(question, started)
            : await answerWithRag(question.text, started, question, earlier);
        appendMessages(character, [reply]);
        if (reply.meta?.model === 'tfjs' && !reply.meta.choices) keepTfjsTurn(question, reply);
      } catch (error) {
        const errorId = messageId();
        setFailure({ ...describeFailure(error), question, earlier, errorId });
        appendMessages(character, [
          {
            id: errorId,
            text: model === 'rag' ? CHAT_MESSAGES.ragFallback : CHAT_MESSAGES.error,
            sender: character,
            timestamp: new Date().toISOString(),
            isError: true,
            meta: { model, elapsedSeconds: seconds(started) },
          },
        ]);
      } finally {
        busy.current = false;
        setStreamingText(null);
        setLoading(false);
      }
    },
    [character, model, answerWithTfjs, answerWithRag, keepTfjsTurn],
  );

  /** Sends a message; false when nothing was sent (blank, or an answer is still pending). */
  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const text = raw.trim();
      if (!text || busy.current) return false;
      const question: ChatMessage = {
        id: messageId(),
        text,
        sender: 'user',
        timestamp: new Date().toISOString(),
      };
      appendMessages(character, [question]);
      await answer(question, messages);
      return true;
    },
    [character, messages, answer],
  );

  /**
   * The learner picked one tag of a close call: the figure answers the question with that tag's
   * best response, as a normal tfjs turn (kept on the server, achievements as usual).
   */
  const answerChoice = useCallback(
    async (promptId: string, tag: string): Promise<boolean> => {
      const history = chatHistory(character).get();
      const prompt = history.find((m) => m.id === promptId);
      const choice = prompt?.meta?.choices?.find((c) => c.tag === tag);
      const question = history.find((m) => m.id === prompt?.meta?.questionId);
      if (!prompt || !choice || !question || prompt.meta?.chosen || busy.current) return false;
      busy.current = true;
      const started = performance.now();
      try {
        patchMeta(character, promptId, { chosen: tag });
        const loaded = await classifierFor(character);
        const starters = STARTERS[character].map((s) => ({ text: s }));
        const reply =
          loaded.classifier.respond(tag, Math.random, question.text) ??
          fallbackReply(character, starters);
        const answer = tfjsAnswer(character, reply, started, choice, loaded.version);
        appendMessages(character, [answer]);
        keepTfjsTurn(question, answer);
        return true;
      } catch (error) {
        patchMeta(character, promptId, { chosen: undefined });
        setFailure({ ...describeFailure(error), question, earlier: [], errorId: '' });
        return false;
      } finally {
        busy.current = false;
      }
    },
    [character, keepTfjsTurn],
  );
  const choose = useCallback(
    (promptId: string, tag: string) => void answerChoice(promptId, tag),
    [answerChoice],
  );

  /** Asks the failed question again: its error answer goes, the learner's bubble stays. */
  const retry = useCallback(async (): Promise<void> => {
    if (!failure || busy.current) return;
    removeMessage(character, failure.errorId);
    await answer(failure.question, failure.earlier);
  }, [character, failure, answer]);

  return {
    messages,
    model,
    loading,
    streamingText,
    failure,
    dismissError: () => setFailure(null),
    retry,
    unlocked,
    dismissUnlock: () => {
      window.clearTimeout(toastTimer.current);
      setUnlocked(null);
    },
    send,
    choose,
  };
}
