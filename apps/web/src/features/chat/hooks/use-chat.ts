import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { HISTORY_MAX_TURNS, PROMPT_MAX, type ChatTurn } from '@dwitunggal/contracts/chat';
import { fallbackReply } from '@dwitunggal/classifier/fallbacks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_MESSAGES } from '../config/characters';
import { STARTERS } from '../config/starters';
import { askRag } from '../api/rag';
import { playChime } from '../lib/chime';
import { classifierFor } from '../lib/model-manager';
import { unlockAchievement } from '../stores/achievements';
import {
  appendMessages,
  messageId,
  useChatHistory,
  type ChatMessage,
  type MessageMeta,
} from '../stores/chat-history';
import { useModelPreference } from '../stores/model-preference';

const UNLOCK_TOAST_MS = 4500;

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
 * One conversation (spec section 4, Chat): the user message is shown, the typing indicator
 * appears, then the answer is appended and both are saved. tfjs answers in the browser (and
 * may unlock an achievement); rag asks the server and streams the answer with its sources.
 */
export function useChat(character: CharacterKey) {
  const messages = useChatHistory(character);
  const model = useModelPreference(character);
  const [loading, setLoading] = useState(false);
  const [streamingText, setStreamingText] = useState<string | null>(null);
  const [errorBanner, setErrorBanner] = useState(false);
  const [unlocked, setUnlocked] = useState<string | null>(null);
  const busy = useRef(false);
  const toastTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(toastTimer.current), []);

  const announceUnlock = useCallback((tag: string) => {
    playChime();
    setUnlocked(tag);
    window.clearTimeout(toastTimer.current);
    toastTimer.current = window.setTimeout(() => setUnlocked(null), UNLOCK_TOAST_MS);
  }, []);

  const answerWithTfjs = useCallback(
    async (text: string, started: number): Promise<ChatMessage> => {
      const loaded = await classifierFor(character);
      const predictStart = performance.now();
      const prediction = await loaded.classifier.classify(text);
      // Cheap production timing of one in-browser prediction (read by bench/chat-browser.ts).
      performance.measure('dw:predict', { start: predictStart, end: performance.now() });
      const starters = STARTERS[character].map((s) => ({ text: s }));
      const reply = prediction.lowConfidence
        ? fallbackReply(character, starters)
        : (loaded.classifier.respond(prediction.tag, Math.random, text) ??
          fallbackReply(character, starters));
      const meta: MessageMeta = {
        model: 'tfjs',
        elapsedSeconds: seconds(started),
        tag: prediction.tag,
        probability: prediction.probability,
        modelVersion: loaded.version,
      };
      if (prediction.lowConfidence) meta.lowConfidence = true;
      return {
        id: messageId(),
        text: reply,
        sender: character,
        timestamp: new Date().toISOString(),
        meta,
      };
    },
    [character],
  );

  const answerWithRag = useCallback(
    async (text: string, started: number, earlier: ChatMessage[]): Promise<ChatMessage> => {
      try {
        const answer = await askRag({
          karakter: character,
          prompt: text,
          history: recentTurns(earlier),
          onText: setStreamingText,
        });
        return {
          id: messageId(),
          text: answer.response,
          sender: character,
          timestamp: new Date().toISOString(),
          meta: { model: 'rag', elapsedSeconds: seconds(started), sources: answer.sources },
        };
      } catch {
        // Spec section 8: any failure of the rag call answers with this text.
        return {
          id: messageId(),
          text: CHAT_MESSAGES.ragFallback,
          sender: character,
          timestamp: new Date().toISOString(),
          isError: true,
          meta: { model: 'rag', elapsedSeconds: seconds(started) },
        };
      }
    },
    [character],
  );

  /** Sends a message; false when nothing was sent (blank, or an answer is still pending). */
  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const text = raw.trim();
      if (!text || busy.current) return false;
      busy.current = true;
      setErrorBanner(false);
      setLoading(true);
      const started = performance.now();
      const earlier = messages;
      appendMessages(character, [
        { id: messageId(), text, sender: 'user', timestamp: new Date().toISOString() },
      ]);
      try {
        const reply =
          model === 'tfjs'
            ? await answerWithTfjs(text, started)
            : await answerWithRag(text, started, earlier);
        appendMessages(character, [reply]);
        const tag = reply.meta?.tag;
        if (reply.meta?.model === 'tfjs' && tag && !reply.meta.lowConfidence) {
          if (unlockAchievement(character, tag)) announceUnlock(tag);
        }
      } catch {
        setErrorBanner(true);
        appendMessages(character, [
          {
            id: messageId(),
            text: CHAT_MESSAGES.error,
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
      return true;
    },
    [character, model, messages, answerWithTfjs, answerWithRag, announceUnlock],
  );

  return {
    messages,
    model,
    loading,
    streamingText,
    errorBanner,
    dismissError: () => setErrorBanner(false),
    unlocked,
    send,
  };
}
