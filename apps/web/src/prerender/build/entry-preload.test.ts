import { describe, expect, it } from 'vitest';
import { entryDynamicFiles } from './entry-preload';

const chunk = (
  fileName: string,
  imports: string[] = [],
  dynamicImports: string[] = [],
  isEntry = false,
) => ({
  type: 'chunk',
  fileName,
  isEntry,
  imports,
  dynamicImports,
});

describe('entryDynamicFiles', () => {
  it("lists the entry's dynamic imports and their static imports, not what the entry imports statically", () => {
    const bundle = {
      'index.js': chunk('index.js', ['runtime.js'], ['react.js', 'start.js', 'fonts.css'], true),
      'runtime.js': chunk('runtime.js'),
      'react.js': chunk('react.js', ['runtime.js']),
      'start.js': chunk('start.js', ['shell.js', 'react.js'], ['route.js']),
      'shell.js': chunk('shell.js', ['runtime.js']),
      'route.js': chunk('route.js', ['shell.js']),
      'fonts.css': { type: 'asset' },
    };
    expect(entryDynamicFiles(bundle).sort()).toEqual(['react.js', 'shell.js', 'start.js']);
  });

  it('gives nothing without an entry chunk', () => {
    expect(entryDynamicFiles({ 'a.js': chunk('a.js', [], ['b.js']) })).toEqual([]);
  });
});
