import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { routeModules } from '../../app/route-table';
import type { preloadRoute } from '../inline/route-preload';
import { compileInlineScript } from './inline-script';
import { assetFile, ROUTE_IMAGES, routePreloadConfig } from './route-preload';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  isEntry: fileName === 'assets/index.js',
  imports,
  dynamicImports: [],
});

describe('route chunk preloading', () => {
  it('preloads, per route of the route table, the chunks the entry does not load', () => {
    const bundle: Record<string, { type: string }> = {
      'assets/index.js': chunk('assets/index.js', '/w/src/main.tsx', ['assets/shell.js']),
      'assets/shell.js': chunk('assets/shell.js', null),
      'assets/ui.js': chunk('assets/ui.js', null, ['assets/shell.js']),
      'assets/hero.webp': {
        type: 'asset',
        fileName: 'assets/hero.webp',
        originalFileNames: ['src/assets/hero-soekarno.webp'],
      } as { type: string },
    };
    for (const modules of Object.values(routeModules())) {
      for (const m of modules) {
        bundle[`assets/${m}.js`] = chunk(`assets/${m}.js`, `/w/src/app/routes/${m}.tsx`, [
          'assets/ui.js',
        ]);
      }
    }
    const { files, routes, images } = routePreloadConfig(bundle);
    const named = (route: string) => routes[route]!.map((i) => files[i]);
    expect(named('/login')).toEqual(['assets/login.js', 'assets/ui.js']);
    expect(named('/home')).toEqual(['assets/app-layout.js', 'assets/ui.js', 'assets/home.js']);
    expect(Object.keys(routes).sort()).toEqual(Object.keys(routeModules()).sort());
    expect(images['/home']!.map((i) => files[i])).toEqual(['assets/hero.webp']);
  });

  it('fails the build when a route module has no chunk', () => {
    expect(() => routePreloadConfig({})).toThrow(/no chunk for src\/app\/routes\//);
  });

  it('compiles the preloader into an inline script that preloads the current route', async () => {
    const script = await compileInlineScript<Parameters<typeof preloadRoute>[0]>(
      path.resolve(__dirname, '../inline/route-preload.ts'),
      'preloadRoute',
    );
    const text = script({
      files: ['assets/a.js', 'assets/b.js'],
      routes: { '/home': [1] },
      images: {},
    });
    expect(text).not.toMatch(/\bimport\b|\bexport\b|:\s*number/);
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/home/');
    new Function(text)();
    const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/assets/b.js']);
  });

  it('names LCP images that exist, for routes of the router', () => {
    const known = new Set(Object.keys(routeModules()));
    for (const [route, sources] of Object.entries(ROUTE_IMAGES)) {
      expect(known.has(route)).toBe(true);
      for (const source of sources) {
        expect(existsSync(path.resolve(__dirname, '../../..', source))).toBe(true);
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
