import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { FeedbackBody, TurnInput } from '@dwitunggal/contracts/learning';
import type * as LearningSchemas from '@dwitunggal/contracts/schemas/learning';
import type { AxiosResponse } from 'axios';
import type { z, ZodType } from 'zod';
import { api, envelopeData } from '@/lib/api-client';

/**
 * The learner's side of issue 15's API in the chat: history, achievements and feedback.
 * Every answer is checked against the contract's schema, loaded while the request is in flight.
 */
type Schemas = typeof LearningSchemas;

function checked<K extends keyof Schemas>(
  request: Promise<AxiosResponse<unknown>>,
  schema: K,
): Promise<z.output<Schemas[K]>> {
  return envelopeData(
    request,
    import('@dwitunggal/contracts/schemas/learning').then(
      (m) => m[schema] as unknown as ZodType<z.output<Schemas[K]>>,
    ),
    schema,
  );
}

export const sendTurns = (figure: CharacterKey, turns: TurnInput[]) =>
  checked(api.post(`/conversations/${figure}/turns`, { turns }), 'syncData');

export const sendAchievements = (figure: CharacterKey, tags: string[]) =>
  checked(api.post(`/achievements/${figure}`, { tags }), 'achievementProgress');

export const clearServerHistory = (figure: CharacterKey) =>
  checked(api.delete(`/conversations/${figure}`), 'clearedData');

export const fetchHistoryPage = (figure: CharacterKey, limit: number) =>
  checked(api.get(`/conversations/${figure}`, { params: { limit } }), 'historyPage');

export const fetchAchievements = () => checked(api.get('/achievements'), 'achievementsData');

export const sendFeedback = (body: FeedbackBody) =>
  checked(api.post('/feedback', body), 'feedbackData');
