/**
 * The two figures: the ONE place their identity is written down (ids, names, lifetimes, titles,
 * the alt text of their portraits). Zod-free: any bundle may import it for free.
 */

/** `key` is used in routes, storage keys and model paths; `nama` in the tag API. */
export const CHARACTER_KEYS = ['soekarno', 'hatta'] as const;
export type CharacterKey = (typeof CHARACTER_KEYS)[number];

type FigureFields = {
  key: CharacterKey;
  /** The name the tag API uses (`nama`), and the short name in the interface. */
  nama: string;
  /** Full name, as in headers and profile cards. */
  fullName: string;
  /** How learners address him. */
  honorific: string;
  /** His office, in Indonesian. */
  title: string;
  /**
   * Birth and death (ISO dates, places). The figures never speak of anything after their death
   * as their own experience: rag answers such facts in a narrator's note.
   */
  born: string;
  birthplace: string;
  died: string;
  deathplace: string;
  /** Alt text of his portrait illustration (Indonesian). */
  portraitAlt: string;
};

export const FIGURES = {
  soekarno: {
    key: 'soekarno',
    nama: 'Soekarno',
    fullName: 'Soekarno',
    honorific: 'Bung Karno',
    title: 'Presiden pertama Republik Indonesia',
    born: '1901-06-06',
    birthplace: 'Surabaya',
    died: '1970-06-21',
    deathplace: 'Jakarta',
    portraitAlt:
      'Ilustrasi Soekarno berpeci dan berkacamata hitam di depan mikrofon, berlatar merah putih',
  },
  hatta: {
    key: 'hatta',
    nama: 'Hatta',
    fullName: 'Mohammad Hatta',
    honorific: 'Bung Hatta',
    title: 'Wakil presiden pertama Republik Indonesia',
    born: '1902-08-12',
    birthplace: 'Bukittinggi',
    died: '1980-03-14',
    deathplace: 'Jakarta',
    portraitAlt:
      'Ilustrasi Mohammad Hatta berpeci dan berkacamata bundar di antara buku, berlatar merah putih',
  },
} as const satisfies { [K in CharacterKey]: FigureFields & { key: K } };

/** One figure's metadata (`nama` and the rest typed as their literal values). */
export type Figure = (typeof FIGURES)[CharacterKey];

/** The tag API's name of each figure (`nama`). */
export const CHARACTER_NAMES = {
  soekarno: FIGURES.soekarno.nama,
  hatta: FIGURES.hatta.nama,
} as const;
export type CharacterName = (typeof CHARACTER_NAMES)[CharacterKey];
/** Every `nama`, in `CHARACTER_KEYS` order. */
export const CHARACTER_NAME_LIST = [CHARACTER_NAMES.soekarno, CHARACTER_NAMES.hatta] as const;

/** "1901–1970": the years of a figure's life (en dash). */
export const lifeYears = (key: CharacterKey): string =>
  `${FIGURES[key].born.slice(0, 4)}–${FIGURES[key].died.slice(0, 4)}`;

/** The year a figure died. */
export const deathYear = (key: CharacterKey): number => Number(FIGURES[key].died.slice(0, 4));

/** Resolves a figure's name in any case ("HATTA", "soekarno") to its key, or null. */
export function characterKeyFromName(name: string): CharacterKey | null {
  const lower = name.trim().toLowerCase();
  return (CHARACTER_KEYS as readonly string[]).includes(lower) ? (lower as CharacterKey) : null;
}

/** Spec section 9: maximum tags per figure. */
export const MAX_TAGS_PER_CHARACTER = 15;
