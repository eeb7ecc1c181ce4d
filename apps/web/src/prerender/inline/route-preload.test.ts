import { beforeEach, describe, expect, it } from 'vitest';
import { preloadRoute } from './route-preload';

const links = () =>
  [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('href')]);

describe('preloadRoute (the shell inline script)', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it("adds modulepreload links for the current path's chunks only", () => {
    window.history.replaceState(null, '', '/home/');
    preloadRoute({
      files: ['assets/a.js', 'assets/b.js'],
      routes: { '/home': [1], '/': [0] },
      images: {},
    });
    expect(links()).toEqual([['modulepreload', '/assets/b.js']]);
    expect(document.head.querySelector('link')?.getAttribute('crossorigin')).toBe('');
  });

  it('preloads the LCP image of the current path first, at high priority', () => {
    window.history.replaceState(null, '', '/home');
    preloadRoute({
      files: ['assets/a.js', 'assets/hero-x1.svg', 'assets/c.svg'],
      routes: { '/home': [0] },
      images: { '/home': [1], '/login': [2] },
    });
    expect(links()).toEqual([
      ['preload', '/assets/hero-x1.svg'],
      ['modulepreload', '/assets/a.js'],
    ]);
    const image = document.head.querySelector('link')!;
    expect(image.getAttribute('as')).toBe('image');
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.hasAttribute('crossorigin')).toBe(false); // matches the <img> request
  });

  it('adds nothing on a path without entries, even one named like an object property', () => {
    for (const path of ['/chatsoekarno', '/constructor', '/__proto__']) {
      window.history.replaceState(null, '', path);
      preloadRoute({ files: ['assets/a.svg'], routes: {}, images: { '/home': [0] } });
    }
    expect(links()).toEqual([]);
  });
});
