import {
  CHARACTER_NAMES,
  type CharacterKey,
  type CharacterName,
} from '@dwitunggal/contracts/characters';

/** One of the two figures whose training data an archive screen manages. */
export type Figure = {
  key: CharacterKey;
  /** The name the tag API uses (`nama`). */
  nama: CharacterName;
  /** How the screen names the figure. */
  fullName: string;
  years: string;
};

export const FIGURES: Record<CharacterKey, Figure> = {
  soekarno: {
    key: 'soekarno',
    nama: CHARACTER_NAMES.soekarno,
    fullName: 'Soekarno',
    years: '1901–1970',
  },
  hatta: {
    key: 'hatta',
    nama: CHARACTER_NAMES.hatta,
    fullName: 'Mohammad Hatta',
    years: '1902–1980',
  },
};
