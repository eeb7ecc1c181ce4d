import type { CharacterKey } from '@dwitunggal/contracts/characters';

/**
 * The four conversation starters of each figure, copied from `starters` in
 * data/seed/tags/{soekarno,hatta}.json. Each one is a training-checked question: the seeded model
 * classifies it as the tag noted beside it (keep them in sync when the seed changes).
 */
export const STARTERS: Readonly<Record<CharacterKey, readonly string[]>> = {
  soekarno: [
    'Bung, ceritakan masa kecilmu dong', // masa_kecil
    'Bagaimana suasana 17 Agustus 1945?', // proklamasi
    'Apa itu Marhaenisme?', // pemikiran
    'Apa pesan Bapak untuk generasi muda?', // pesan_pemuda
  ],
  hatta: [
    'Bagaimana masa kecil Bung Hatta di Bukittinggi?', // masa_kecil
    'Apa yang terjadi menjelang proklamasi 17 Agustus 1945?', // proklamasi
    'Mengapa Bung Hatta disebut Bapak Koperasi?', // pemikiran
    'Apa pesan Bung Hatta untuk generasi muda?', // nasihat
  ],
};
