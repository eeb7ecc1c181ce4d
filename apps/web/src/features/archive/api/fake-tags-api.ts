/**
 * Test support only (imported by *.test.tsx, never by the app): an in-memory tag API behind
 * MSW. Bodies are checked with the contracts' schemas and create, merge and import follow the
 * server's own merge rules (`planMerge` of @dwitunggal/contracts/tags); update, delete and the
 * quality report are kept simple.
 */
import { http } from 'msw';
import {
  foldPhrase,
  planMerge,
  TAG_MESSAGES,
  toImportIssue,
  type CleanTagFields,
  type ImportPreview,
  type MergeState,
  type QualityReport,
  type Tag,
} from '@dwitunggal/contracts/tags';
import { tagBody, tagFields } from '@dwitunggal/contracts/schemas/tags';
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

type StoredState = MergeState & { tag: Tag };

const stateOf = (tag: Tag): StoredState => ({
  id: tag.id,
  name: tag.tag,
  nameKey: foldPhrase(tag.tag),
  inputKeys: new Set(tag.input.map(foldPhrase)),
  responseKeys: new Set(tag.responses.map(foldPhrase)),
  tag,
});

/** Merges `incoming` into `list` with the server's rules; the plan tells what happened. */
function mergeInto(list: Tag[], nama: Nama, incoming: CleanTagFields[]) {
  const plan = planMerge(list.map(stateOf), incoming);
  const apply = () =>
    plan.tags.map((t) => {
      if (t.state) {
        t.state.tag.input.push(...t.input);
        t.state.tag.responses.push(...t.responses);
        return t.state.tag;
      }
      const created = { ...makeTag(t.name, 0, 0, nama), input: t.input, responses: t.responses };
      list.push(created);
      return created;
    });
  return { plan, apply };
}

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
      const parsed = tagBody.safeParse(await request.json());
      if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? 'Invalid');
      const { plan, apply } = mergeInto(db[parsed.data.nama], parsed.data.nama, [parsed.data]);
      if (plan.limitExceeded) {
        return failure(409, TAG_MESSAGES.limitReached, { tag: TAG_MESSAGES.limitReached });
      }
      const [issue] = plan.issues;
      if (issue) return failure(400, issue.message, { [issue.field]: issue.message });
      const [tag] = apply();
      const created = plan.preview.tagsCreated === 1;
      return success(
        {
          tag,
          created,
          added_inputs: plan.preview.inputsAdded,
          added_responses: plan.preview.responsesAdded,
        },
        created ? 201 : 200,
        created ? TAG_MESSAGES.created : TAG_MESSAGES.merged,
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
      const body = (await request.json()) as { tags?: unknown[] };
      const tags = (body.tags ?? []).flatMap((t) => {
        const parsed = tagFields.safeParse(t);
        return parsed.success ? [parsed.data] : [];
      });
      const { plan, apply } = mergeInto(db[k], k, tags);
      const preview: ImportPreview = {
        dryRun,
        ...plan.preview,
        errors: plan.issues.map(toImportIssue),
        warnings: [],
      };
      if (!dryRun) {
        // As the server: the limit first (its issue is the last), then any other problem.
        const issue = plan.limitExceeded ? plan.issues.at(-1) : plan.issues[0];
        if (issue) return failure(plan.limitExceeded ? 409 : 400, toImportIssue(issue).message);
        apply();
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
