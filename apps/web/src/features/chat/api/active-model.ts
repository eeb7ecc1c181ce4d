import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { SuccessEnvelope } from '@dwitunggal/contracts/envelope';
import type { ActiveModel } from '@dwitunggal/contracts/models';
import { api } from '@/lib/api-client';
import { toApiFailure } from '@/lib/api-error';

/**
 * `GET /api/models/{figure}/active`: the figure's active version and the versioned, immutable
 * URLs of its files (e.g. /api/models/soekarno/v/3/model.json). Type-only import: the
 * contracts' zod schemas stay out of this chunk; the fields used are checked below.
 */
export type { ActiveModel };

export class ModelApiError extends Error {
  override name = 'ModelApiError';
}

function isActiveModel(value: unknown): value is ActiveModel {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.version === 'number' &&
    typeof v.modelUrl === 'string' &&
    typeof v.wordIndexUrl === 'string' &&
    typeof v.contentUrl === 'string'
  );
}

/**
 * The figure's active model, or null when the figure has none yet (404). Throws on any other
 * failure, including no connection (then the caller keeps the model it already has).
 */
export async function fetchActiveModel(figure: CharacterKey): Promise<ActiveModel | null> {
  try {
    const res = await api.get<SuccessEnvelope<unknown>>(`/models/${figure}/active`);
    const data = res.data?.data;
    if (!isActiveModel(data)) throw new ModelApiError('unexpected answer from the model API');
    return data;
  } catch (error) {
    if (error instanceof ModelApiError) throw error;
    if (toApiFailure(error).status === 404) return null;
    throw error;
  }
}
