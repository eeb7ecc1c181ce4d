import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '@dwitunggal/contracts/schemas/envelope';
import { TAG_MESSAGES } from '@dwitunggal/contracts/tags';
import {
  createTagData,
  deleteTagData,
  importBody,
  importPreview,
  qualityReport,
  tag,
  tagBody,
  tagList,
  updateTagBody,
  updateTagData,
} from '@dwitunggal/contracts/schemas/tags';
import { ok, responses } from '../../lib/envelope';
import type { TagService } from './service';

const byName = z.object({ nama: z.string().describe('Soekarno or Hatta, any case') });
const byId = z.object({ id: z.string().describe('The tag id (a uuid)') });
const exportQuery = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});
const importQuery = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'], { error: 'dryRun must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

const READ_ERRORS = [401, 404, 500, 503];
const WRITE_ERRORS = [400, 401, 403, 404, 409, 500, 503];
/** 201 when the tag was created, 200 when it was merged into the existing one. */
const CREATE_RESPONSES = responses(createTagData, 201, WRITE_ERRORS);
CREATE_RESPONSES[200] = successEnvelope(createTagData);

/**
 * The training-data API (architecture section 3). Reads need a signed-in user; every write,
 * export, import and quality report needs an admin. Authentication runs in onRequest, before
 * the body is parsed or validated: a learner gets 403 whatever the body, no token 401.
 */
export async function tagRoutes(app: FastifyInstance, opts: { tags: TagService }) {
  const { tags } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { security: [{ bearerAuth: [] }] };
  const schemaTags = ['tags'];

  r.get(
    '/chatbot/tags/nama/:nama',
    {
      onRequest: app.authenticate,
      schema: {
        tags: schemaTags,
        summary: "A figure's tags in creation order",
        ...secured,
        params: byName,
        response: responses(tagList, 200, READ_ERRORS),
      },
    },
    async (request) => ok(await tags.listByName(request.params.nama), 'Daftar tag'),
  );

  r.get(
    '/chatbot/tags/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: schemaTags,
        summary: 'One tag',
        ...secured,
        params: byId,
        response: responses(tag, 200, READ_ERRORS),
      },
    },
    async (request) => ok(await tags.get(request.params.id), 'Detail tag'),
  );

  r.post(
    '/chatbot/tags',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: schemaTags,
        summary: 'Create a tag, or merge into the tag of the same name (201 created, 200 merged)',
        description: `409 when the figure already has 15 tags ("${TAG_MESSAGES.limitReached}").`,
        ...secured,
        body: tagBody,
        response: CREATE_RESPONSES,
      },
    },
    async (request, reply) => {
      const data = await tags.createOrMerge(request.body);
      if (data.created) return reply.code(201).send(ok(data, TAG_MESSAGES.created, 201));
      return reply.code(200).send(ok(data, TAG_MESSAGES.merged));
    },
  );

  r.put(
    '/chatbot/update/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: schemaTags,
        summary: "Replace a tag's name, inputs and responses",
        ...secured,
        params: byId,
        body: updateTagBody,
        response: responses(updateTagData, 200, WRITE_ERRORS),
      },
    },
    async (request) => {
      const updated = await tags.update(request.params.id, request.body);
      return ok({ message: TAG_MESSAGES.updated, tag: updated }, TAG_MESSAGES.updated);
    },
  );

  r.delete(
    '/chatbot/tags/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: schemaTags,
        summary: 'Delete a tag',
        ...secured,
        params: byId,
        response: responses(deleteTagData, 200, WRITE_ERRORS),
      },
    },
    async (request) => {
      await tags.remove(request.params.id);
      return ok({ id: request.params.id }, TAG_MESSAGES.deleted);
    },
  );

  r.get(
    '/chatbot/export/:nama',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: schemaTags,
        summary:
          "Download a figure's training data as a JSON archive or a CSV file (tag,kind,text)",
        ...secured,
        params: byName,
        querystring: exportQuery,
        // The handler sends the file as a string, which Fastify passes through unserialized.
        response: responses(
          z.string().describe('The archive file (JSON) or the CSV text'),
          200,
          [400, 401, 403, 404, 500, 503],
        ),
      },
    },
    async (request, reply) => {
      const stamp = new Date().toISOString().slice(0, 10);
      const download = (character: string, ext: 'csv' | 'json', type: string, text: string) =>
        reply
          .header(
            'content-disposition',
            `attachment; filename="dwitunggal-${character}-tags-${stamp}.${ext}"`,
          )
          .type(`${type}; charset=utf-8`)
          .send(text);
      if (request.query.format === 'csv') {
        const { character, csv } = await tags.exportCsv(request.params.nama);
        return download(character, 'csv', 'text/csv', csv);
      }
      const { character, archive } = await tags.exportArchive(request.params.nama);
      return download(
        character,
        'json',
        'application/json',
        `${JSON.stringify(archive, null, 2)}\n`,
      );
    },
  );

  r.post(
    '/chatbot/import/:nama',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: schemaTags,
        summary: 'Preview (dryRun=true) or merge an archive into a figure, in one transaction',
        ...secured,
        params: byName,
        querystring: importQuery,
        body: importBody,
        response: responses(importPreview, 200, WRITE_ERRORS),
      },
    },
    async (request) => {
      const preview = await tags.importArchive(
        request.params.nama,
        request.body,
        request.query.dryRun,
      );
      return ok(preview, preview.dryRun ? 'Pratinjau impor' : 'Data berhasil diimpor');
    },
  );

  r.get(
    '/chatbot/quality/:nama',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: schemaTags,
        summary: "Data-quality report of a figure's training data",
        ...secured,
        params: byName,
        response: responses(qualityReport, 200, [401, 403, 404, 500, 503]),
      },
    },
    async (request) => ok(await tags.quality(request.params.nama), 'Laporan kualitas data'),
  );
}
