import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { prerender } from '../render';
import {
  FACES_NOT_PRELOADED,
  fontFiles,
  PRELOADED_FACES,
  withoutFontPreloads,
  type PreloadedFace,
} from './font-preload';

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

describe('font preloads of a prerendered page', () => {
  const link = (file: string) =>
    `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${file}.woff2">`;
  const head = [
    '<link rel="stylesheet" crossorigin href="/assets/index-BtgEjs5Q.css">',
    link('inter-latin-400-normal-C38fXH4l'),
    link('inter-latin-500-normal-Cerq10X2'),
    link('inter-latin-600-normal-LgqL8muc'),
    '<link rel="manifest" href="/manifest.webmanifest">',
  ].join('\n    ');

  it('leaves out the preloads of the faces named, and nothing else', () => {
    expect(withoutFontPreloads(head, ['inter-latin-500-normal'])).toBe(
      [
        '<link rel="stylesheet" crossorigin href="/assets/index-BtgEjs5Q.css">',
        link('inter-latin-400-normal-C38fXH4l'),
        link('inter-latin-600-normal-LgqL8muc'),
        '<link rel="manifest" href="/manifest.webmanifest">',
      ].join('\n    '),
    );
    expect(withoutFontPreloads(head, [])).toBe(head);
  });

  it('fails the build when the page has no preload of a face to leave out', () => {
    expect(() => withoutFontPreloads(head, ['lora-latin-700-normal'])).toThrow(
      /lora-latin-700-normal/,
    );
  });

  /** The Tailwind weight class that sets each face a page may leave out. */
  const SET_BY: Partial<Record<PreloadedFace, string>> = {
    'inter-latin-500-normal': 'font-medium',
  };

  it.each(Object.entries(FACES_NOT_PRELOADED))(
    '%s never sets the faces it does not preload, signed out or in',
    async (path, faces) => {
      const classes = faces.map((face) => SET_BY[face]);
      expect(classes).not.toContain(undefined);
      const usesAny = (root: ParentNode) =>
        classes.some((name) => root.querySelector(`.${name!}`) !== null);

      const page = document.createElement('div');
      page.innerHTML = (await prerender(path)).html;
      expect(usesAny(page)).toBe(false);

      for (const session of [undefined, 'learner'] as const) {
        const { container, unmount } = await renderApp(path, { session });
        await screen.findByRole('heading', { level: 1 });
        expect(usesAny(container)).toBe(false);
        unmount();
        localStorage.clear();
      }
    },
  );
});
