import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { assetFile, preloadScript, ROUTE_IMAGES, ROUTE_MODULES } from './route-preload';
import { routes } from './router';

function paths(list: RouteObject[], prefix: string, out: string[]): string[] {
  for (const r of list) {
    const here = r.index ? prefix || '/' : r.path ? `${prefix}/${r.path}` : prefix;
    if (r.index || (r.path && r.path !== '*')) out.push(here);
    if (r.children) paths(r.children, here === '/' ? '' : here, out);
  }
  return out;
}

describe('route chunk preloading', () => {
  it('knows every route of the router', () => {
    expect(Object.keys(ROUTE_MODULES).sort()).toEqual(paths(routes, '', []).sort());
  });

  it("adds modulepreload links for the current path's chunks only", () => {
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/home/');
    new Function(preloadScript(['assets/a.js', 'assets/b.js'], { '/home': [1], '/': [0] }))();
    const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/assets/b.js']);
  });

  it('preloads the LCP image of the current path first, at high priority', () => {
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/home');
    new Function(
      preloadScript(
        ['assets/a.js', 'assets/hero-x1.svg', 'assets/c.svg'],
        { '/home': [0] },
        {
          '/home': [1],
          '/login': [2],
        },
      ),
    )();
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('href')])).toEqual([
      ['preload', '/assets/hero-x1.svg'],
      ['modulepreload', '/assets/a.js'],
    ]);
    expect(links[0]?.getAttribute('as')).toBe('image');
    expect(links[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(links[0]?.hasAttribute('crossorigin')).toBe(false); // matches the <img> request
  });

  it('adds no image preload on a path without one', () => {
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/chatsoekarno');
    new Function(preloadScript(['assets/a.svg'], {}, { '/home': [0] }))();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  it('names LCP images that exist, for routes of the router', () => {
    const known = new Set(Object.keys(ROUTE_MODULES));
    for (const [route, sources] of Object.entries(ROUTE_IMAGES)) {
      expect(known.has(route)).toBe(true);
      for (const source of sources) {
        expect(existsSync(path.resolve(__dirname, '../..', source))).toBe(true);
      }
    }
  });

  it("finds an image's hashed file by its source path", () => {
    const assets = [
      {
        type: 'asset' as const,
        fileName: 'assets/hero-hatta-B1.svg',
        originalFileNames: ['src/assets/hero-hatta.svg'],
      },
      {
        type: 'asset' as const,
        fileName: 'assets/hero-soekarno-A9.svg',
        originalFileNames: ['/w/apps/web/src/assets/hero-soekarno.svg'],
      },
    ];
    expect(assetFile(assets, 'src/assets/hero-soekarno.svg')).toBe('assets/hero-soekarno-A9.svg');
    expect(assetFile(assets, 'src/assets/hero-hatta.svg')).toBe('assets/hero-hatta-B1.svg');
    expect(assetFile(assets, 'src/assets/other.svg')).toBeUndefined();
  });
});
