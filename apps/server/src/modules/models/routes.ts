import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHARACTER_KEYS,
  CHARACTER_NAMES,
  type CharacterKey,
} from '@dwitunggal/contracts/characters';
import {
  MODEL_FILES,
  MODEL_MESSAGES,
  isModelFileName,
  type ModelFileName,
} from '@dwitunggal/contracts/models';
import {
  activeModel,
  modelVersion,
  modelVersionList,
  purgedVersion,
  startRunBody,
  startRunData,
  trainingRun,
} from '@dwitunggal/contracts/schemas/models';
import { currentUser } from '../../plugins/auth';
import { ok, responses } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import type { StoredFile } from './repository';
import type { ModelService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The model registry (start-up recovery and first training use it). */
    models: ModelService;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Files of a version that is not active: they may hold training data an admin has since deleted,
 * so only signed-in users get them and no shared cache keeps them.
 */
const PRIVATE = 'private, no-store';

const figureParam = z.object({ figure: z.string().describe('soekarno or hatta') });
const fileParams = figureParam.extend({
  file: z.string().describe(MODEL_FILES.join(', ')),
});
const versionParams = figureParam.extend({ version: z.string().describe('The version number') });
const versionFileParams = versionParams.extend({
  file: z.string().describe(MODEL_FILES.join(', ')),
});

function figureOf(value: string): CharacterKey {
  if (!(CHARACTER_KEYS as readonly string[]).includes(value))
    throw notFound(MODEL_MESSAGES.figureNotFound);
  return value as CharacterKey;
}

function versionOf(value: string): number {
  if (!/^[1-9][0-9]{0,8}$/.test(value)) throw notFound(MODEL_MESSAGES.versionNotFound);
  return Number(value);
}

function fileOf(value: string): ModelFileName {
  if (!isModelFileName(value)) throw notFound(MODEL_MESSAGES.fileNotFound);
  return value;
}

/** True when the request's If-None-Match names this entity tag (weak or strong). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to send a model file in: Brotli, else gzip, when Accept-Encoding allows it. All
 * four files shrink: the JSON ones to about a third, the float32 weights to about half.
 */
function encodingFor(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Compressed copies of the model files, made once per file version (the entity tag names the
 * content) and kept in memory; the few most recent only, as old versions stop being asked for.
 */
const COMPRESSED_KEPT = 24;
const compressed = new Map<string, Promise<Buffer>>();

function compressedBody(file: StoredFile, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${file.etag}`;
  let entry = compressed.get(key);
  if (entry) {
    // Most recently used last.
    compressed.delete(key);
    compressed.set(key, entry);
    return entry;
  }
  entry =
    encoding === 'br'
      ? brotli(file.body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
            [zlibConstants.BROTLI_PARAM_MODE]: file.contentType.includes('json')
              ? zlibConstants.BROTLI_MODE_TEXT
              : zlibConstants.BROTLI_MODE_GENERIC,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: file.body.byteLength,
          },
        })
      : gzipAsync(file.body, { level: 9 });
  entry.catch(() => compressed.delete(key));
  compressed.set(key, entry);
  while (compressed.size > COMPRESSED_KEPT)
    compressed.delete(compressed.keys().next().value as string);
  return entry;
}

/** The entity tag of an encoded representation: distinct per encoding, as caches require. */
const encodedEtag = (etag: string, encoding: Encoding) => `${etag.slice(0, -1)}-${encoding}"`;

async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  cacheControl: string,
) {
  const encoding = encodingFor(request);
  const etag = encoding ? encodedEtag(file.etag, encoding) : file.etag;
  reply.header('cache-control', cacheControl).header('etag', etag);
  reply.header('vary', 'accept-encoding');
  // Either tag names the same content: a copy cached in another encoding is still current.
  if (notModified(request, etag) || notModified(request, file.etag)) return reply.code(304).send();
  reply.type(file.contentType);
  if (!encoding)
    return reply.send(Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength));
  return reply.header('content-encoding', encoding).send(await compressedBody(file, encoding));
}

const ADMIN_ERRORS = [400, 401, 403, 404, 500, 503];
const PUBLIC_ERRORS = [404, 500, 503];

/**
 * Retraining and the model registry (issue 4). Starting a run, reading a run and activating a
 * version need an admin (checked in onRequest, before the body is read); listing the versions
 * needs a signed-in user. The active model and its files are public: learners' browsers (the
 * classifier worker, the service worker) load them without a token. The files of the other
 * versions need a signed-in user, and an admin may purge such a version.
 */
export async function modelRoutes(app: FastifyInstance, opts: { models: ModelService }) {
  const { models } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { security: [{ bearerAuth: [] }] };
  const schemaTags = ['models'];

  // The spec's client posts {etl_key}; a client may also post nothing at all with a JSON
  // content type. Here an empty JSON body means "no body" instead of a 400.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return json(request, text, done);
  });

  for (const figure of CHARACTER_KEYS) {
    r.post(
      `/etl-run-model1-${figure}`,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: schemaTags,
          summary: `Retrain the ${figure} model (202 with the run id; 409 while one is in progress)`,
          description:
            'Trains in a worker thread from the current tags. The new version is activated unless its cross-validated macro-F1 is more than 0.02 below the active one (then it is kept as a candidate); `force: true` activates it anyway. `etl_key` is accepted and ignored.',
          ...secured,
          body: startRunBody,
          response: responses(startRunData, 202, [400, 401, 403, 409, 500, 503]),
        },
      },
      async (request, reply) => {
        const data = await models.startRun(figure, {
          force: request.body?.force === true,
          requestedBy: currentUser(request).id,
        });
        return reply.code(202).send(ok(data, MODEL_MESSAGES.runStarted, 202));
      },
    );
  }

  r.get(
    '/training-runs/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: schemaTags,
        summary: 'Status and progress of a training run (poll it)',
        ...secured,
        params: z.object({ id: z.string().describe('The run id (a uuid)') }),
        response: responses(trainingRun, 200, ADMIN_ERRORS),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await models.getRun(request.params.id), MODEL_MESSAGES.run);
    },
  );

  r.get(
    '/models/:figure/active',
    {
      schema: {
        tags: schemaTags,
        summary: "The figure's active model version and the immutable URLs of its files",
        params: figureParam,
        response: responses(activeModel, 200, PUBLIC_ERRORS),
      },
    },
    async (request, reply) => {
      const figure = figureOf(request.params.figure);
      reply.header('cache-control', 'no-cache');
      const data = await models.active(figure);
      if (!data) throw notFound(MODEL_MESSAGES.noActive(CHARACTER_NAMES[figure]));
      return ok(data, MODEL_MESSAGES.active);
    },
  );

  // Any signed-in user may read the versions (the model page shows learners how the model was
  // built); activating one stays admin-only.
  r.get(
    '/models/:figure/versions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: schemaTags,
        summary: "Every kept version of a figure's model, newest first (any signed-in user)",
        ...secured,
        params: figureParam,
        response: responses(modelVersionList, 200, [401, 404, 500, 503]),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await models.versions(figureOf(request.params.figure)), MODEL_MESSAGES.versions);
    },
  );

  /** An admin's action on one version of a figure (409 when the version refuses it). */
  const versionAction = (
    method: 'POST' | 'DELETE',
    url: string,
    doc: { summary: string; description?: string },
    response: z.ZodType,
    run: (figure: CharacterKey, version: number) => Promise<unknown>,
  ) =>
    r.route({
      method,
      url,
      onRequest: app.requireAdmin,
      schema: {
        tags: schemaTags,
        ...doc,
        ...secured,
        params: versionParams,
        response: responses(response, 200, [...ADMIN_ERRORS, 409]),
      },
      handler: async (request) =>
        run(figureOf(request.params.figure), versionOf(request.params.version)),
    });

  versionAction(
    'POST',
    '/models/:figure/versions/:version/activate',
    { summary: 'Activate a version: roll back, or promote a candidate' },
    modelVersion,
    async (figure, version) =>
      ok(await models.activate(figure, version), MODEL_MESSAGES.activated(version)),
  );

  versionAction(
    'DELETE',
    '/models/:figure/versions/:version',
    {
      summary: 'Purge a version that is not active: its stored files and training data go',
      description:
        'For training data that must no longer be downloadable (for example tags deleted for privacy). 409 for the active version: activate another one first.',
    },
    purgedVersion,
    async (figure, version) =>
      ok(await models.purge(figure, version), MODEL_MESSAGES.purged(version)),
  );

  // The files: no response schema (the body is the stored bytes, sent as they are).
  r.get(
    '/models/:figure/v/:version/:file',
    {
      schema: {
        tags: schemaTags,
        summary: "A file of a model version (the active version's files are public)",
        description:
          "The active version's files are public and immutable (cacheable for a year): learners' browsers load them without a token. Any other version (retired or candidate) may hold training data deleted since: its files need a bearer token (401 without one) and are sent `private, no-store`.",
        params: versionFileParams,
      },
    },
    async (request, reply) => {
      const figure = figureOf(request.params.figure);
      const version = versionOf(request.params.version);
      const name = fileOf(request.params.file);
      const isActive = await models.isActive(figure, version);
      // Not the active version (retired, candidate or unknown): a signed-in user only.
      if (!isActive) await app.authenticate(request, reply);
      const file = await models.file(figure, version, name);
      if (!file) throw notFound(MODEL_MESSAGES.fileNotFound);
      return sendFile(request, reply, file, isActive ? IMMUTABLE : PRIVATE);
    },
  );

  r.get(
    '/models/:figure/:file',
    {
      schema: {
        tags: schemaTags,
        summary: "A file of the figure's active version (revalidated on every use)",
        description: 'For static-hosting compatibility; prefer the versioned URLs of /active.',
        params: fileParams,
      },
    },
    async (request, reply) => {
      const figure = figureOf(request.params.figure);
      const file = await models.activeFile(figure, fileOf(request.params.file));
      if (!file) throw notFound(MODEL_MESSAGES.fileNotFound);
      return sendFile(request, reply, file, 'no-cache');
    },
  );
}
