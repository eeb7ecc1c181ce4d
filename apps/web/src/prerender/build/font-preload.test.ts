import { describe, expect, it } from 'vitest';
import { fontFiles, PRELOADED_FACES } from './font-preload';

const asset = (fileName: string) => ({ type: 'asset', fileName });

describe('font preloads', () => {
  it('finds the hashed file of each preloaded face, and only those', () => {
    const bundle = Object.fromEntries(
      [
        'assets/inter-latin-400-normal-C38fXH4l.woff2',
        'assets/inter-latin-500-normal-Cerq10X2.woff2',
        'assets/inter-latin-600-normal-LgqL8muc.woff2',
        'assets/lora-latin-400-italic-DYjZp4sZ.woff2',
        'assets/lora-latin-600-normal-B-3RcLOQ.woff2',
        'assets/lora-latin-700-normal-BHK4Pzk4.woff2',
        'assets/index-abc.css',
      ].map((f) => [f, asset(f)]),
    );
    expect(fontFiles(bundle)).toEqual([
      'assets/inter-latin-400-normal-C38fXH4l.woff2',
      'assets/inter-latin-500-normal-Cerq10X2.woff2',
      'assets/inter-latin-600-normal-LgqL8muc.woff2',
      'assets/lora-latin-600-normal-B-3RcLOQ.woff2',
      'assets/lora-latin-700-normal-BHK4Pzk4.woff2',
    ]);
    expect(PRELOADED_FACES).not.toContain('lora-latin-400-italic');
  });

  it('fails the build when a preloaded face was not emitted', () => {
    expect(() => fontFiles({}, ['inter-latin-400-normal'])).toThrow(/inter-latin-400-normal/);
  });
});
