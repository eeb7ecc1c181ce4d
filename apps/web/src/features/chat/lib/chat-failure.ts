import { RagError } from '../api/rag';
import { CHAT_MESSAGES } from '../config/characters';

/** Why a question got no answer, as the chat's banner explains it. */
export type FailureKind = 'network' | 'busy' | 'server' | 'other';

/** The kind of a failed answer and the wait the server asked for (a 429's Retry-After). */
export function describeFailure(error: unknown): { kind: FailureKind; retryAfter: number | null } {
  if (error instanceof RagError) {
    const { status } = error;
    if (status === 429) return { kind: 'busy', retryAfter: error.retryAfter };
    if (status !== null && status >= 500) return { kind: 'server', retryAfter: null };
    return { kind: 'other', retryAfter: null };
  }
  // fetch rejects with a TypeError when no answer arrives (offline, refused, reset).
  if (error instanceof TypeError) return { kind: 'network', retryAfter: null };
  return { kind: 'other', retryAfter: null };
}

/** The banner's text (Indonesian, for learners). */
export function failureText(kind: FailureKind, retryAfter: number | null): string {
  switch (kind) {
    case 'network':
      return 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda, lalu coba lagi.';
    case 'busy':
      return retryAfter
        ? `Terlalu banyak pertanyaan dalam waktu singkat. Tunggu ${retryAfter} detik, lalu coba lagi.`
        : 'Terlalu banyak pertanyaan dalam waktu singkat. Tunggu sebentar, lalu coba lagi.';
    case 'server':
      return 'Server sedang bermasalah dan belum dapat menjawab. Silakan coba lagi.';
    default:
      return CHAT_MESSAGES.banner;
  }
}
