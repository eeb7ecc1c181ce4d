import { CHARACTER_NAMES, type CharacterKey } from '@dwitunggal/contracts/characters';
import type {
  InboxActionBody,
  InboxActionData,
  InboxGroup,
  InboxPage,
  InboxSource,
} from '@dwitunggal/contracts/learning';
import { api, envelopeData } from '@/lib/api-client';

export type { InboxActionBody, InboxActionData, InboxGroup, InboxPage, InboxSource };

/** Groups per page of the inbox screen. */
export const INBOX_PAGE_SIZE = 20;

/** The learning schemas, loaded with the first call that checks an answer. */
const schemas = () => import('@dwitunggal/contracts/schemas/learning');

/** Why the questions of a group came in, as the curator reads it. */
export const SOURCE_LABELS: Record<InboxSource, string> = {
  fallback: 'TFJS tidak tahu',
  unsure: 'TFJS ragu',
  declined: 'RAG menolak',
  thumbs_down: 'Jempol ke bawah',
};

/** The texts of the inbox screen (Indonesian). */
export const INBOX_TEXT = {
  title: 'Kotak Masuk',
  listFailed: 'Gagal memuat kotak masuk',
  invalid: 'Server mengirim kotak masuk dalam bentuk yang tidak dikenali.',
  empty: 'Kotak masuk kosong',
  actionFailed: 'Tindakan gagal',
  addTo: 'Tambahkan ke tag',
  create: 'Buat tag baru',
  ignore: 'Abaikan',
} as const;

/** GET /inbox/{figure}: a page of open groups, most frequent first. */
export function fetchInbox(
  figure: CharacterKey,
  offset: number,
  signal?: AbortSignal,
): Promise<InboxPage> {
  return envelopeData(
    api.get(`/inbox/${figure}`, { params: { limit: INBOX_PAGE_SIZE, offset }, signal }),
    schemas().then((m) => m.inboxPage),
    'inbox page',
  );
}

/** GET /inbox/{figure}/summary: how many groups are waiting. */
export function fetchInboxSummary(figure: CharacterKey, signal?: AbortSignal) {
  return envelopeData(
    api.get(`/inbox/${figure}/summary`, { signal }),
    schemas().then((m) => m.inboxSummary),
    'inbox summary',
  );
}

/** POST /inbox/{figure}/actions: add, create or ignore, for one or several groups. */
export function actOnInbox(figure: CharacterKey, body: InboxActionBody): Promise<InboxActionData> {
  return envelopeData(
    api.post(`/inbox/${figure}/actions`, body),
    schemas().then((m) => m.inboxActionData),
    'inbox action',
  );
}

export type TagChoice = { id: string; tag: string };

/** The figure's tags, by name, for "Tambahkan ke tag" (GET /chatbot/tags/nama/{nama}). */
export async function fetchTagChoices(
  figure: CharacterKey,
  signal?: AbortSignal,
): Promise<TagChoice[]> {
  const tags = await envelopeData(
    api.get(`/chatbot/tags/nama/${CHARACTER_NAMES[figure]}`, { signal }),
    import('@dwitunggal/contracts/schemas/tags').then((m) => m.tagList),
    'tag list',
  );
  return tags
    .map((t) => ({ id: t.id, tag: t.tag }))
    .sort((a, b) => a.tag.localeCompare(b.tag, 'id'));
}
