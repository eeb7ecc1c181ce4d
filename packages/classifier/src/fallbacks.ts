/**
 * In-character fallback lines for low-confidence predictions (Indonesian, first person). The
 * figure speaks as himself: he asks for other words or suggests one of his starter questions
 * (`{starter}`), and never names a "model"; the chat screen itself offers the other model.
 */
export type Figure = 'soekarno' | 'hatta';

export const FALLBACKS: Readonly<Record<Figure, readonly string[]>> = {
  soekarno: [
    'Saudaraku, maksud pertanyaanmu belum tertangkap jelas oleh saya. Cobalah bertanya dengan kalimat lain, tentang perjuangan yang saya jalani.',
    'Hmm, soal itu saya tidak mau menjawab asal-asalan, Saudara. Bagaimana kalau kita mulai dari pertanyaan ini: "{starter}"',
    'Maaf, Saudara, pertanyaan itu belum bisa saya jawab di sini. Tanyakan tentang perjalanan hidup saya, misalnya "{starter}"',
  ],
  hatta: [
    'Maaf, Saudara, saya belum memahami pertanyaan itu dengan baik. Saudara dapat mengulanginya dengan kata-kata lain, tentang hal yang saya alami sendiri.',
    'Saya lebih suka menjawab dengan teliti daripada menebak. Sebagai permulaan, Saudara dapat bertanya kepada saya: "{starter}"',
    'Pertanyaan itu belum dapat saya jawab dengan tepat di sini. Tanyakan hal yang saya alami sendiri, misalnya "{starter}"',
  ],
};

/** Used when a dataset has no starters. */
export const DEFAULT_STARTERS: Readonly<Record<Figure, string>> = {
  soekarno: 'Apa itu Marhaenisme?',
  hatta: 'Mengapa Bung Hatta disebut Bapak Koperasi?',
};

/** "Soekarno", "Sukarno", "hatta", "Mohammad Hatta" ... -> figure key, or undefined. */
export function figureOf(nama: string): Figure | undefined {
  const n = nama.toLowerCase();
  if (n.includes('hatta')) return 'hatta';
  if (n.includes('soekarno') || n.includes('sukarno') || n.includes('karno')) return 'soekarno';
  return undefined;
}

/** A random fallback line for the figure with a starter question filled in. */
export function fallbackReply(
  figure: Figure,
  starters: readonly { text: string }[] = [],
  random: () => number = Math.random,
): string {
  const lines = FALLBACKS[figure];
  const line = lines[Math.min(lines.length - 1, Math.floor(random() * lines.length))] as string;
  const starter =
    starters.length > 0
      ? (
          starters[Math.min(starters.length - 1, Math.floor(random() * starters.length))] as {
            text: string;
          }
        ).text
      : DEFAULT_STARTERS[figure];
  return line.replace('{starter}', starter);
}

/**
 * A tag's display name for learners: its label when it has one, else its id with underscores
 * as spaces, first letter capitalised (`pesan_pemuda` -> "Pesan pemuda").
 */
export function tagDisplayName(
  tag: string,
  labels: Readonly<Record<string, string>> | undefined = undefined,
): string {
  const label = labels && Object.hasOwn(labels, tag) ? labels[tag]?.trim() : undefined;
  if (label) return label;
  const words = tag.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : tag;
}

/**
 * "Maksud Anda ...?" in the figure's voice, when two tags are close (decision 022). The chat
 * shows both names as buttons under it.
 */
export function closeCallPrompt(figure: Figure, first: string, second: string): string {
  return figure === 'soekarno'
    ? `Saudaraku, saya ingin menjawab dengan tepat. Maksud Anda "${first}" atau "${second}"?`
    : `Saya tidak mau menebak, Saudara. Maksud Anda "${first}" atau "${second}"?`;
}
