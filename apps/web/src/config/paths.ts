import { CHARACTER_KEYS, type CharacterKey } from '@dwitunggal/contracts/characters';

/** Every route of the app (spec section 2). */
export const paths = {
  landing: '/',
  login: '/login',
  register: '/register',
  home: '/home',
  chat: { soekarno: '/chatsoekarno', hatta: '/chathatta' },
  archive: { soekarno: '/crudsoekarno', hatta: '/crudhatta' },
  /** The model page (the spec's "repository page" of a model): any signed-in user. */
  model: { soekarno: '/model/soekarno', hatta: '/model/hatta' },
  /** The curators' inbox ("Kotak Masuk") of a figure: admins only. */
  inbox: { soekarno: '/kotak-masuk/soekarno', hatta: '/kotak-masuk/hatta' },
  forbidden: '/403',
} as const satisfies Record<string, string | Record<CharacterKey, string>>;

/** The navigation helper of the home page's hero buttons: character key -> chat route. */
export function chatPath(key: CharacterKey): string {
  return paths.chat[key];
}

export function archivePath(key: CharacterKey): string {
  return paths.archive[key];
}

export function modelPath(key: CharacterKey): string {
  return paths.model[key];
}

export function inboxPath(key: CharacterKey): string {
  return paths.inbox[key];
}

/**
 * The figure whose page of the given kind `pathname` is (a trailing slash allowed): one route
 * module serves both figures' pages of a kind. Soekarno when the path names neither.
 */
export function figureOfPath(kind: 'archive' | 'model' | 'inbox', pathname: string): CharacterKey {
  const path = pathname.replace(/\/+$/, '');
  return CHARACTER_KEYS.find((key) => paths[kind][key] === path) ?? 'soekarno';
}
