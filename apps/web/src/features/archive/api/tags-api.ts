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
import { api } from '@/lib/api-client';
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

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export function isTag(value: unknown): value is Tag {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.tag === 'string' &&
    typeof v.nama === 'string' &&
    isStringArray(v.input) &&
    isStringArray(v.responses)
  );
}

/** The list as the screen can show it, or null when the answer is not an array of tags. */
export function parseTagList(data: unknown): Tag[] | null {
  if (!Array.isArray(data)) return null;
  return data.every(isTag) ? data : null;
}

/** The server's message of a failed call, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  return toApiFailure(error).message ?? fallback;
}

/** GET /chatbot/tags/nama/{nama}: the envelope's data, unchecked (the screen validates it). */
export async function fetchTagList(nama: CharacterName, signal?: AbortSignal): Promise<unknown> {
  const res = await api.get<SuccessEnvelope<unknown>>(
    `/chatbot/tags/nama/${encodeURIComponent(nama)}`,
    { signal },
  );
  return res.data?.data;
}

/** GET /chatbot/tags/{id}. */
export async function fetchTag(id: string, signal?: AbortSignal): Promise<Tag> {
  const res = await api.get<SuccessEnvelope<unknown>>(`/chatbot/tags/${encodeURIComponent(id)}`, {
    signal,
  });
  const tag = res.data?.data;
  if (!isTag(tag)) throw new Error('Malformed tag');
  return tag;
}

export type CreateResult = { message: string; data: CreateTagData };

/** POST /chatbot/tags: creates the tag or merges it into the same-named one. */
export async function createTag(body: TagBody): Promise<CreateResult> {
  const res = await api.post<SuccessEnvelope<CreateTagData>>('/chatbot/tags', body);
  return { message: res.data.message, data: res.data.data };
}

/** PUT /chatbot/update/{id}: full replace; answers data.message. */
export async function updateTag(id: string, body: UpdateTagBody): Promise<UpdateTagData> {
  const res = await api.put<SuccessEnvelope<UpdateTagData>>(
    `/chatbot/update/${encodeURIComponent(id)}`,
    body,
  );
  return res.data.data;
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
export async function fetchQuality(
  nama: CharacterName,
  signal?: AbortSignal,
): Promise<QualityReport> {
  const res = await api.get<SuccessEnvelope<QualityReport>>(
    `/chatbot/quality/${encodeURIComponent(nama)}`,
    { signal },
  );
  const report = res.data?.data;
  if (!report || !Array.isArray(report.issues) || !report.stats)
    throw new Error('Malformed report');
  return report;
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
  const res = await api.post<SuccessEnvelope<ImportPreview>>(
    `/chatbot/import/${encodeURIComponent(nama)}`,
    body,
    { params: { dryRun: String(dryRun) } },
  );
  return { message: res.data.message, preview: res.data.data };
}
