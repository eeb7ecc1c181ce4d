import {
  CHARACTER_KEYS,
  CHARACTER_NAME_LIST,
  CHARACTER_NAMES,
  characterKeyFromName,
} from '../characters';
import { z } from './zod';

export const characterKey = z.enum(CHARACTER_KEYS);

/** A figure's `nama` as the tag API answers it. */
export const characterNama = z.enum(CHARACTER_NAME_LIST);

/** A figure's name in any case, as a request may send it; parsed to its `nama`. */
export const characterName = z
  .string({ error: 'nama must be Soekarno or Hatta' })
  .transform((v, ctx) => {
    const key = characterKeyFromName(v);
    if (!key) {
      ctx.addIssue({ code: 'custom', message: 'nama must be Soekarno or Hatta' });
      return z.NEVER;
    }
    return CHARACTER_NAMES[key];
  });
