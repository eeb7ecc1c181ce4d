/**
 * Test support only (imported by *.test.tsx, never by the app): an in-memory tag API behind
 * MSW that follows the server's rules closely enough for the screen's behaviour (create or
 * merge by folded name, 15-tag limit, full-replace update, delete, quality, import preview).
 */
import { http } from 'msw';
import type { ImportPreview, QualityReport, Tag } from '@dwitunggal/contracts/tags';
import { failure, server, success } from '@/testing/server';

type Nama = 'Soekarno' | 'Hatta';
export type Call = { method: string; path: string; query: string; body: unknown };

let seq = 0;

/** A tag with `inputs` inputs ("Pertanyaan 1 tentang x" …) and `responses` responses. */
export function makeTag(name: string, inputs = 3, responses = 2, nama: Nama = 'Soekarno'): Tag {
  seq += 1;
  return {
    id: `tag-${seq}`,
    nama,
    tag: name,
    input: Array.from({ length: inputs }, (_, i) => `Pertanyaan ${i + 1} tentang ${name}`),
    responses: Array.from({ length: responses }, (_, i) => `Jawaban ${i + 1} tentang ${name}`),
  };
}

const fold = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

export function fakeTagsApi(initial: Partial<Record<Nama, Tag[]>> = {}) {
  const db: Record<Nama, Tag[]> = {
    Soekarno: [...(initial.Soekarno ?? [])],
    Hatta: [...(initial.Hatta ?? [])],
  };
  const calls: Call[] = [];
  const quality: { report: QualityReport | null } = { report: null };
  const record = async (request: Request) => {
    const url = new URL(request.url);
    let body: unknown = null;
    if (request.method !== 'GET' && request.method !== 'DELETE') {
      body = await request
        .clone()
        .json()
        .catch(() => null);
    }
    calls.push({ method: request.method, path: url.pathname, query: url.search, body });
  };
  const findTag = (id: string) => [...db.Soekarno, ...db.Hatta].find((t) => t.id === id);
  const key = (nama: string): Nama | null =>
    nama.toLowerCase() === 'soekarno'
      ? 'Soekarno'
      : nama.toLowerCase() === 'hatta'
        ? 'Hatta'
        : null;

  server.use(
    http.get('*/api/chatbot/tags/nama/:nama', async ({ request, params }) => {
      await record(request);
      const k = key(String(params.nama));
      return k ? success(db[k], 200, 'Daftar tag') : failure(404, 'Karakter tidak ditemukan');
    }),
    http.get('*/api/chatbot/tags/:id', async ({ request, params }) => {
      await record(request);
      const tag = findTag(String(params.id));
      return tag ? success(tag, 200, 'Detail tag') : failure(404, 'Tag tidak ditemukan');
    }),
    http.post('*/api/chatbot/tags', async ({ request }) => {
      await record(request);
      const body = (await request.json()) as {
        nama: Nama;
        tag: string;
        input: string[];
        responses: string[];
      };
      const list = db[body.nama];
      const existing = list.find((t) => fold(t.tag) === fold(body.tag));
      if (existing) {
        const newInputs = body.input.filter((s) => !existing.input.map(fold).includes(fold(s)));
        const newResponses = body.responses.filter(
          (s) => !existing.responses.map(fold).includes(fold(s)),
        );
        existing.input.push(...newInputs);
        existing.responses.push(...newResponses);
        return success(
          {
            tag: existing,
            created: false,
            added_inputs: newInputs.length,
            added_responses: newResponses.length,
          },
          200,
          'Tag berhasil digabungkan',
        );
      }
      if (list.length >= 15) {
        return failure(409, 'Maksimal 15 tag per karakter telah tercapai', {
          tag: 'Maksimal 15 tag per karakter telah tercapai',
        });
      }
      const tag = {
        ...makeTag(body.tag, 0, 0, body.nama),
        input: body.input,
        responses: body.responses,
      };
      list.push(tag);
      return success(
        {
          tag,
          created: true,
          added_inputs: body.input.length,
          added_responses: body.responses.length,
        },
        201,
        'Tag berhasil dibuat',
      );
    }),
    http.put('*/api/chatbot/update/:id', async ({ request, params }) => {
      await record(request);
      const tag = findTag(String(params.id));
      if (!tag) return failure(404, 'Tag tidak ditemukan');
      const body = (await request.json()) as { tag: string; input: string[]; responses: string[] };
      Object.assign(tag, { tag: body.tag, input: body.input, responses: body.responses });
      return success({ message: 'Tag berhasil diperbarui', tag }, 200, 'Tag berhasil diperbarui');
    }),
    http.delete('*/api/chatbot/tags/:id', async ({ request, params }) => {
      await record(request);
      for (const k of ['Soekarno', 'Hatta'] as const) {
        const i = db[k].findIndex((t) => t.id === params.id);
        if (i >= 0) {
          db[k].splice(i, 1);
          return success({ id: params.id }, 200, 'Tag berhasil dihapus');
        }
      }
      return failure(404, 'Tag tidak ditemukan');
    }),
    http.get('*/api/chatbot/quality/:nama', async ({ request, params }) => {
      await record(request);
      const k = key(String(params.nama)) ?? 'Soekarno';
      const counts = db[k].map((t) => t.input.length);
      return success(
        quality.report ?? {
          issues: [],
          stats: {
            tags: counts.length,
            inputs: counts.reduce((a, b) => a + b, 0),
            minInputs: counts.length ? Math.min(...counts) : 0,
            maxInputs: counts.length ? Math.max(...counts) : 0,
          },
        },
        200,
        'Laporan kualitas data',
      );
    }),
    http.post('*/api/chatbot/import/:nama', async ({ request, params }) => {
      await record(request);
      const dryRun = new URL(request.url).searchParams.get('dryRun') === 'true';
      const k = key(String(params.nama)) ?? 'Soekarno';
      const body = (await request.json()) as {
        tags?: { tag: string; input: string[]; responses: string[] }[];
      };
      const tags = body.tags ?? [];
      const names = new Set(db[k].map((t) => fold(t.tag)));
      const created = tags.filter((t) => !names.has(fold(t.tag)));
      const total = db[k].length + created.length;
      const preview: ImportPreview = {
        dryRun,
        tagsCreated: created.length,
        tagsMerged: tags.length - created.length,
        inputsAdded: tags.reduce((n, t) => n + t.input.length, 0),
        responsesAdded: tags.reduce((n, t) => n + t.responses.length, 0),
        totalTagsAfter: total,
        errors:
          total > 15
            ? [
                {
                  path: 'tags',
                  message: `Maksimal 15 tag per karakter telah tercapai: hasilnya akan menjadi ${total} tag`,
                },
              ]
            : [],
        warnings: [],
      };
      if (!dryRun) {
        if (total > 15) return failure(409, preview.errors[0]?.message ?? 'limit');
        for (const t of created)
          db[k].push({ ...makeTag(t.tag, 0, 0, k), input: t.input, responses: t.responses });
      }
      return success(preview, 200, dryRun ? 'Pratinjau impor' : 'Data berhasil diimpor');
    }),
  );

  return {
    db,
    calls,
    /** The calls of one method to paths containing `fragment`. */
    callsTo: (method: string, fragment: string) =>
      calls.filter((c) => c.method === method && c.path.includes(fragment)),
    setQuality: (report: QualityReport) => {
      quality.report = report;
    },
  };
}
