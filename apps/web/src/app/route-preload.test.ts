import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { preloadScript, ROUTE_MODULES } from './route-preload';
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
});
