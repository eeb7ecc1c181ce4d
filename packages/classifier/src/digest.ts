/**
 * The digests of the model-artifact API (Node only, unlike the rest of the package): of a stored
 * file (its entity tag and integrity check) and of the training data a model was made from.
 */
import { createHash } from 'node:crypto';
import type { Dataset } from './dataset';

/** The strong entity tag of a file: a digest of its bytes (also its integrity check). */
export function etagOf(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * sha256 of the training data as trained (`canonicalDataset`). A tag's links count only when it
 * has some (they change content.json), so data without links hashes as before.
 */
export function dataHashOf(dataset: Dataset): string {
  const canonical = JSON.stringify(
    dataset.tags.map((t) => [t.tag, t.input, t.responses, ...(t.links?.length ? [t.links] : [])]),
  );
  return createHash('sha256').update(canonical).digest('hex');
}
