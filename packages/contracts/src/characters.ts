import { z } from 'zod';

/** The two figures. `key` is used in routes and storage keys, `nama` in the tag API. */
export const CHARACTER_KEYS = ['soekarno', 'hatta'] as const;
export type CharacterKey = (typeof CHARACTER_KEYS)[number];

export const CHARACTER_NAMES = { soekarno: 'Soekarno', hatta: 'Hatta' } as const satisfies Record<
  CharacterKey,
  string
>;
export type CharacterName = (typeof CHARACTER_NAMES)[CharacterKey];

export const characterKey = z.enum(CHARACTER_KEYS);

/**
 * Birth and death dates (ISO). The figures never speak of anything after their death as their
 * own experience: rag answers such facts in a narrator's note.
 */
export const CHARACTER_LIFETIMES = {
  soekarno: { born: '1901-06-06', died: '1970-06-21' },
  hatta: { born: '1902-08-12', died: '1980-03-14' },
} as const satisfies Record<CharacterKey, { born: string; died: string }>;

/** Resolves a figure's name in any case ("HATTA", "soekarno") to its key, or null. */
export function characterKeyFromName(name: string): CharacterKey | null {
  const lower = name.trim().toLowerCase();
  return (CHARACTER_KEYS as readonly string[]).includes(lower) ? (lower as CharacterKey) : null;
}

/** Spec section 9: maximum tags per figure. */
export const MAX_TAGS_PER_CHARACTER = 15;
