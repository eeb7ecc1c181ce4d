import { FIGURES, lifeYears, type CharacterKey } from '@dwitunggal/contracts/characters';
import soekarnoArt from '@/assets/hero-soekarno.svg';
import hattaArt from '@/assets/hero-hatta.svg';
import { formatCalendarDate } from '@/lib/date-time';

/** The two chat models (spec section 1): the in-browser classifier and the rag service. */
export type ChatModel = 'tfjs' | 'rag';
export const CHAT_MODELS: readonly ChatModel[] = ['tfjs', 'rag'];
export const DEFAULT_CHAT_MODEL: ChatModel = 'tfjs';

/** A figure as the chat screens show him: the shared metadata plus the chat's own copy. */
export type ChatCharacter = {
  key: CharacterKey;
  /** Full name, as in the header and the profile card. */
  name: string;
  /** How learners address him. */
  honorific: string;
  title: string;
  /** Spec section 2: Soekarno 1901-1970, Hatta 1902-1980. */
  years: string;
  /** "6 Juni 1901, Surabaya". */
  born: string;
  died: string;
  blurb: string;
  art: string;
  /** Spec section 3: where the selected model is kept (tfjs or rag; default tfjs). */
  modelStorageKey: string;
};

const dateAndPlace = (isoDate: string, place: string) => `${formatCalendarDate(isoDate)}, ${place}`;

function chatCharacter(
  key: CharacterKey,
  copy: Pick<ChatCharacter, 'blurb' | 'art' | 'modelStorageKey'>,
): ChatCharacter {
  const figure = FIGURES[key];
  return {
    key,
    name: figure.fullName,
    honorific: figure.honorific,
    title: figure.title,
    years: lifeYears(key),
    born: dateAndPlace(figure.born, figure.birthplace),
    died: dateAndPlace(figure.died, figure.deathplace),
    ...copy,
  };
}

export const CHARACTERS: Readonly<Record<CharacterKey, ChatCharacter>> = {
  soekarno: chatCharacter('soekarno', {
    blurb:
      'Proklamator kemerdekaan dan penggali Pancasila. Bicaralah dengannya tentang pergerakan, pembuangan, dan hari-hari menjelang 17 Agustus 1945.',
    art: soekarnoArt,
    modelStorageKey: 'selectedModelSoekarno',
  }),
  hatta: chatCharacter('hatta', {
    blurb:
      'Proklamator, pemikir ekonomi, dan Bapak Koperasi Indonesia. Tanyakan tentang masa studinya di Belanda, pembuangan ke Boven Digoel, dan cita-cita ekonomi kerakyatan.',
    art: hattaArt,
    modelStorageKey: 'selectedModelHatta',
  }),
};

/** Spec section 9: the achievement denominator per character. */
export const ACHIEVEMENT_TOTAL = 10;

/** Spec section 9: percent = floor(count / 10 * 100), capped at 100. */
export function achievementPercent(count: number): number {
  return Math.min(100, Math.floor((count / ACHIEVEMENT_TOTAL) * 100));
}

/** Spec section 8 (chat). */
export const CHAT_MESSAGES = {
  banner: 'Terjadi kesalahan saat mengirim pesan. Silakan coba lagi.',
  error: 'Maaf, terjadi kesalahan. Silakan coba lagi nanti.',
  ragFallback: 'Maaf, terjadi kesalahan dalam memproses pesan.',
} as const;

/** Spec section 9: the scroll-to-bottom button appears beyond this distance from the bottom. */
export const SCROLL_BUTTON_THRESHOLD = 100;
/** Spec section 9: the textarea grows between these heights (px). */
export const TEXTAREA_MIN_HEIGHT = 45;
export const TEXTAREA_MAX_HEIGHT = 100;
/** Local history is capped so that localStorage never fills up. */
export const HISTORY_LIMIT = 200;
