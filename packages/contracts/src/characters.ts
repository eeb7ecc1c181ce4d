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

/** Resolves a figure's name in any case ("HATTA", "soekarno") to its key, or null. */
export function characterKeyFromName(name: string): CharacterKey | null {
  const lower = name.trim().toLowerCase();
  return (CHARACTER_KEYS as readonly string[]).includes(lower) ? (lower as CharacterKey) : null;
}

/** Spec section 9: maximum tags per figure. */
export const MAX_TAGS_PER_CHARACTER = 15;
