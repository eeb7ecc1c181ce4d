import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import inter from '@capsizecss/metrics/inter';
import lora from '@capsizecss/metrics/lora';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';
import { describe, expect, it } from 'vitest';
import { PRELOADED_FACES } from './prerender/build/font-preload';

const css = readFileSync(path.join(__dirname, 'index.css'), 'utf8');

/** The override descriptors of one @font-face rule, by name. */
function overrides(block: string): Record<string, string> {
  return Object.fromEntries(
    [
      ...block.matchAll(
        /(ascent-override|descent-override|line-gap-override|size-adjust):\s*([\d.]+%)/g,
      ),
    ].map((m) => [m[1]!, m[2]!]),
  );
}

function face(family: string): string {
  const block = css.match(new RegExp(`@font-face\\s*{[^}]*font-family:\\s*'${family}'[^}]*}`))?.[0];
  if (!block) throw new Error(`index.css has no @font-face for ${family}`);
  return block;
}

describe('metric-matched fallback fonts', () => {
  it.each([
    ['Inter Fallback', inter, arial],
    ['Lora Fallback', lora, timesNewRoman],
  ])('%s carries the overrides computed from both fonts\u2019 metrics', (family, web, local) => {
    const expected = overrides(createFontStack([web, local]).fontFaces);
    expect(Object.keys(expected)).toHaveLength(4);
    expect(overrides(face(family))).toEqual(expected);
  });

  it('puts each fallback right after its web font in the theme', () => {
    expect(css).toMatch(/--font-sans:\s*'Inter', 'Inter Fallback',/);
    expect(css).toMatch(/--font-display: 'Lora', 'Lora Fallback',/);
  });

  it('declares every web font with font-display: optional, and preloads only declared faces', () => {
    const fonts = readFileSync(path.join(__dirname, 'fonts.css'), 'utf8');
    expect(css).toMatch(/@import '\.\/fonts\.css';/);
    const faces = [...fonts.matchAll(/@font-face\s*{[^}]*}/g)].map((m) => m[0]);
    expect(faces).toHaveLength(6);
    for (const face of faces) expect(face).toMatch(/font-display: optional;/);
    const files = faces.map((face) => face.match(/files\/([\w-]+)\.woff2/)?.[1]);
    for (const preloaded of PRELOADED_FACES) expect(files).toContain(preloaded);
  });
});
