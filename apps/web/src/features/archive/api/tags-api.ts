import type { CharacterName } from '@dwitunggal/contracts/characters';
import type { SuccessEnvelope } from '@dwitunggal/contracts/envelope';
import type {
  ArchiveFile,
  CreateTagData,
  ImportBody,
  ImportPreview,
  QualityReport,
  Tag,
  TagBody,
  UpdateTagBody,
  UpdateTagData,
} from '@dwitunggal/contracts/tags';
import { api, checkedEnvelope, envelopeData } from '@/lib/api-client';
import { toApiFailure } from '@/lib/api-error';

export type { ArchiveFile, ImportBody, ImportPreview, QualityReport, Tag };

/** The spec's messages for the tag calls (section 8). */
export const TAG_UI_MESSAGES = {
  listFailed: 'Gagal memuat data tags',
  invalidList: 'Error: Data tidak valid',
  saveFailed: 'Gagal Create/Update Tag',
  updateFailed: 'Gagal memperbarui tag',
  deleteFailed: 'Gagal menghapus tag',
  detailFailed: 'Gagal memuat detail tag',
  updated: 'Tag berhasil diperbarui',
  deleted: 'Tag berhasil dihapus',
  empty: 'Belum ada data tag',
} as const;

/** Spec section 2: the browser confirmation before a delete. */
export const deleteConfirmation = (tag: string) => `Are you sure you want to delete "${tag}"?`;

/** The tag schemas, loaded with the first call that checks an answer (or the form's first check). */
export const loadTagSchemas = () => import('@dwitunggal/contracts/schemas/tags');

/** The server's message of a failed call, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  return toApiFailure(error).message ?? fallback;
}

/**
 * GET /chatbot/tags/nama/{nama}: the figure's tags. InvalidResponseError when the answer is not a
 * list of tags (the screen then shows `TAG_UI_MESSAGES.invalidList`).
 */
export function fetchTagList(nama: CharacterName, signal?: AbortSignal): Promise<Tag[]> {
  return envelopeData(
    api.get(`/chatbot/tags/nama/${encodeURIComponent(nama)}`, { signal }),
    loadTagSchemas().then((m) => m.tagList),
    'tag list',
  );
}

/** GET /chatbot/tags/{id}. */
export function fetchTag(id: string, signal?: AbortSignal): Promise<Tag> {
  return envelopeData(
    api.get(`/chatbot/tags/${encodeURIComponent(id)}`, { signal }),
    loadTagSchemas().then((m) => m.tag),
    'tag',
  );
}

export type CreateResult = { message: string; data: CreateTagData };

/** POST /chatbot/tags: creates the tag or merges it into the same-named one. */
export function createTag(body: TagBody): Promise<CreateResult> {
  return checkedEnvelope(
    api.post('/chatbot/tags', body),
    loadTagSchemas().then((m) => m.createTagData),
    'created tag',
  );
}

/** PUT /chatbot/update/{id}: full replace; answers data.message. */
export function updateTag(id: string, body: UpdateTagBody): Promise<UpdateTagData> {
  return envelopeData(
    api.put(`/chatbot/update/${encodeURIComponent(id)}`, body),
    loadTagSchemas().then((m) => m.updateTagData),
    'updated tag',
  );
}

/** DELETE /chatbot/tags/{id}: success when the status or the envelope's code is 200. */
export async function deleteTag(id: string): Promise<string | null> {
  const res = await api.delete<Partial<SuccessEnvelope<unknown>>>(
    `/chatbot/tags/${encodeURIComponent(id)}`,
  );
  if (res.status !== 200 && res.data?.code !== 200) throw new Error('Delete not confirmed');
  return typeof res.data?.message === 'string' ? res.data.message : null;
}

/** GET /chatbot/quality/{nama}: the data-quality report. */
export function fetchQuality(nama: CharacterName, signal?: AbortSignal): Promise<QualityReport> {
  return envelopeData(
    api.get(`/chatbot/quality/${encodeURIComponent(nama)}`, { signal }),
    loadTagSchemas().then((m) => m.qualityReport),
    'quality report',
  );
}

export type ExportFormat = 'json' | 'csv';

/** GET /chatbot/export/{nama}?format=: the file and the name the server gives it. */
export async function exportTags(
  nama: CharacterName,
  format: ExportFormat,
): Promise<{ blob: Blob; filename: string }> {
  const res = await api.get<Blob>(`/chatbot/export/${encodeURIComponent(nama)}`, {
    params: { format },
    responseType: 'blob',
  });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  const stamp = new Date().toISOString().slice(0, 10);
  const filename = match?.[1] ?? `dwitunggal-${nama.toLowerCase()}-tags-${stamp}.${format}`;
  const blob =
    res.data instanceof Blob
      ? res.data
      : new Blob([typeof res.data === 'string' ? res.data : JSON.stringify(res.data)], {
          type: format === 'csv' ? 'text/csv' : 'application/json',
        });
  return { blob, filename };
}

/** POST /chatbot/import/{nama}?dryRun=: a preview (nothing written) or the applied merge. */
export async function importTags(
  nama: CharacterName,
  body: ImportBody,
  dryRun: boolean,
): Promise<{ message: string; preview: ImportPreview }> {
  const { message, data } = await checkedEnvelope(
    api.post(`/chatbot/import/${encodeURIComponent(nama)}`, body, {
      params: { dryRun: String(dryRun) },
    }),
    loadTagSchemas().then((m) => m.importPreview),
    'import preview',
  );
  return { message, preview: data };
}
