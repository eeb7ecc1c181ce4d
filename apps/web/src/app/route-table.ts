/**
 * The app's route manifest, plain data: every route of the spec (section 2), the module under
 * src/app/routes that React Router loads lazily for it, and the guards. router.tsx builds the
 * router from it; the build reads it too (route chunk preloads, prerendered pages, chunking), so
 * it must stay free of imports.
 */

/** Who may open the routes below an entry (the guards of app/guards.tsx). */
export type RouteGuard = 'signed-in' | 'admin';

export type RouteEntry = {
  /** The index route of its parent. */
  index?: true;
  /** Relative to the parent's path; '*' is the not-found page. */
  path?: string;
  /**
   * The file src/app/routes/<module>.tsx; it exports the route's component as `<Module>Route`
   * in PascalCase (chat-soekarno: ChatSoekarnoRoute).
   */
  module?: string;
  guard?: RouteGuard;
  children?: RouteEntry[];
};

export const ROUTE_TABLE: RouteEntry[] = [
  { index: true, module: 'landing' },
  { path: 'login', module: 'login' },
  { path: 'register', module: 'register' },
  {
    guard: 'signed-in',
    children: [
      {
        module: 'app-layout',
        children: [
          { path: 'home', module: 'home' },
          { path: 'chatsoekarno', module: 'chat-soekarno' },
          { path: 'chathatta', module: 'chat-hatta' },
          { path: 'model/soekarno', module: 'model' },
          { path: 'model/hatta', module: 'model' },
          {
            guard: 'admin',
            children: [
              { path: 'crudsoekarno', module: 'archive' },
              { path: 'crudhatta', module: 'archive' },
              { path: 'kotak-masuk/soekarno', module: 'inbox' },
              { path: 'kotak-masuk/hatta', module: 'inbox' },
            ],
          },
        ],
      },
    ],
  },
  { path: '403', module: 'forbidden' },
  { path: '*', module: 'not-found' },
];

/**
 * The features that the app needs before any route module has loaded (the guards, the root
 * layout, the start-up code): the build puts them in the entry's shared `shell` chunk. Every other
 * feature is loaded with the routes that use it. (route-table.test.ts keeps this list true.)
 */
export const ENTRY_FEATURES = ['auth', 'network'] as const;

/** The source file of a route module, relative to apps/web. */
export const routeModuleFile = (module: string) => `src/app/routes/${module}.tsx`;

/** The name of a route module's component: `<Module>Route` in PascalCase. */
export const routeComponentName = (module: string) =>
  `${module.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase())}Route`;

/**
 * Route path -> the route modules loaded for it, outermost first, for every path of the table
 * but the not-found page.
 */
export function routeModules(table: RouteEntry[] = ROUTE_TABLE): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const walk = (entries: RouteEntry[], prefix: string, outer: string[]) => {
    for (const entry of entries) {
      const modules = entry.module ? [...outer, entry.module] : outer;
      const here = entry.index ? prefix || '/' : entry.path ? `${prefix}/${entry.path}` : prefix;
      if (entry.index || (entry.path && entry.path !== '*')) out[here] = modules;
      if (entry.children) walk(entry.children, here === '/' ? '' : here, modules);
    }
  };
  walk(table, '', []);
  return out;
}
