import { describe, expect, it } from 'vitest';
import { parseDataset } from '@dwitunggal/classifier/dataset';
import { train } from '@dwitunggal/classifier/train';
import seed from '../../../../../data/seed/tags/hatta.json';
import type { StoredFile } from './repository';
import { etagOf } from '@dwitunggal/classifier/digest';
import { storedFilesOf, verifyModelFiles } from './training-run';

/** The checks that keep a damaged version from being stored or activated. */
const sound = storedFilesOf(train(parseDataset(structuredClone(seed)), { seed: 1 }).artifacts);

function withFile(
  name: StoredFile['name'],
  body: Uint8Array,
  digest: 'recomputed' | 'kept' = 'recomputed',
) {
  return sound.map((f) =>
    f.name === name ? { ...f, body, etag: digest === 'recomputed' ? etagOf(body) : f.etag } : f,
  );
}
const bodyOf = (name: StoredFile['name']) => sound.find((f) => f.name === name)!.body;
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const parsed = (name: StoredFile['name']) =>
  JSON.parse(new TextDecoder().decode(bodyOf(name))) as Record<string, unknown>;

describe('verifyModelFiles', () => {
  it('accepts the files a training run produces', () => {
    expect(verifyModelFiles(sound)).toEqual([]);
  });

  it.each([
    [
      'a missing file',
      sound.filter((f) => f.name !== 'word_index.json'),
      'word_index.json is missing',
    ],
    [
      'bytes that no longer match their digest',
      withFile('content.json', bodyOf('content.json').slice(1), 'kept'),
      'content.json does not match its digest',
    ],
    [
      'truncated weights (digest updated too)',
      withFile('weights.bin', bodyOf('weights.bin').slice(0, 64)),
      'weights.bin',
    ],
    [
      'weights with extra bytes',
      withFile('weights.bin', new Uint8Array([...bodyOf('weights.bin'), 0, 0, 0, 0])),
      'weights.bin has',
    ],
    [
      'weights that are not numbers',
      withFile(
        'weights.bin',
        new Uint8Array(
          new Float32Array(bodyOf('weights.bin').byteLength / 4).fill(Number.NaN).buffer,
        ),
      ),
      'not a finite number',
    ],
    [
      'model.json that is not JSON',
      withFile('model.json', bodyOf('model.json').slice(0, 100)),
      'model.json is not valid JSON',
    ],
    [
      'content.json naming fewer tags than the model has',
      withFile('content.json', json({ ...parsed('content.json'), tags: ['sapaan'] })),
      'content.json does not describe this model',
    ],
    [
      'a word index pointing outside the vocabulary',
      withFile('word_index.json', json({ ...parsed('word_index.json'), merdeka: 10_000_000 })),
      'word_index.json is not a word index',
    ],
  ])('refuses %s', (_name, files, problem) => {
    const problems = verifyModelFiles(files);
    expect(problems.join('\n')).toContain(problem);
  });
});
