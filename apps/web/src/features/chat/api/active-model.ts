import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { ActiveModel } from '@dwitunggal/contracts/models';
import { api, envelopeData } from '@/lib/api-client';
import { toApiFailure } from '@/lib/api-error';

/**
 * `GET /api/models/{figure}/active`: the figure's active version and the versioned, immutable
 * URLs of its files (e.g. /api/models/soekarno/v/3/model.json), checked against the contract.
 */
export type { ActiveModel };

/**
 * The figure's active model, or null when the figure has none yet (404). Throws on any other
 * failure, including no connection (then the caller keeps the model it already has) and an
 * answer that breaks the contract (InvalidResponseError).
 */
export async function fetchActiveModel(figure: CharacterKey): Promise<ActiveModel | null> {
  try {
    return await envelopeData(
      api.get(`/models/${figure}/active`),
      import('@dwitunggal/contracts/schemas/models').then((m) => m.activeModel),
      'active model',
    );
  } catch (error) {
    if (toApiFailure(error).status === 404) return null;
    throw error;
  }
}
