import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ChatSource } from '@dwitunggal/contracts/chat';
import { chatAnswer, chatBody } from '@dwitunggal/contracts/schemas/chat';
import { errorEnvelope } from '@dwitunggal/contracts/schemas/envelope';
import type { ChatEngine } from './engine';
import { AppError } from '../../lib/errors';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { currentUser } from '../../plugins/auth';
import type { ConversationService } from '../conversations/service';

/** Spec section 8: what the client shows when the rag model fails. */
export const CHAT_FAILURE_MESSAGE = 'Maaf, terjadi kesalahan dalam memproses pesan.';

/**
 * POST /api/chat: the rag model. Signed-in users only, rate-limited per learner, per address and
 * for everyone (lib/abuse-limits.ts, counted in the database). The answer is
 * `{karakter, response, sources}` (the contract of the original chat service); errors use the
 * envelope. With `Accept: text/event-stream` the answer streams as server-sent events.
 */
export async function chatRoutes(
  app: FastifyInstance,
  opts: {
    engine: ChatEngine;
    limit: (request: FastifyRequest, userId: string) => Promise<void>;
    /** Stores each answered exchange in the learner's history (and declines in the inbox). */
    conversations?: ConversationService;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The answer is the hot path: a compiled serializer instead of a zod parse per answer.
  const serializerCompiler = fastSerializerCompiler({ 200: chatAnswer });

  r.post(
    '/chat',
    {
      onRequest: app.authenticate,
      serializerCompiler,
      preHandler: (request) => opts.limit(request, currentUser(request).id),
      schema: {
        tags: ['chat'],
        summary: 'Ask a figure (rag model): grounded answer with sources',
        security: [{ bearerAuth: [] }],
        body: chatBody,
        response: {
          200: chatAnswer,
          400: errorEnvelope,
          401: errorEnvelope,
          429: errorEnvelope,
          500: errorEnvelope,
          503: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { karakter, prompt, history, turnIds } = request.body;
      const input = { karakter, prompt, ...(history ? { history } : {}) };
      /** Stores the exchange once answered; a storage failure never costs the learner the answer. */
      const store = async (answer: { response: string; sources: readonly ChatSource[] }) => {
        if (!opts.conversations) return;
        try {
          await opts.conversations.storeRagExchange(currentUser(request).id, {
            character: karakter,
            question: prompt,
            answer: answer.response,
            sources: answer.sources,
            turnIds,
          });
        } catch (err) {
          request.log.error({ err }, 'storing the rag exchange failed');
        }
      };
      if (request.headers.accept?.includes('text/event-stream')) {
        return streamAnswer(opts.engine, input, request, reply, store);
      }
      try {
        const answer = await opts.engine.answer(input);
        if (answer.fallback)
          request.log.warn(
            { fallback: answer.fallback },
            'llm provider fell back to the embedded generator',
          );
        await store(answer);
        return { karakter: answer.karakter, response: answer.response, sources: answer.sources };
      } catch (err) {
        request.log.error({ err }, 'rag answer failed');
        throw new AppError(500, CHAT_FAILURE_MESSAGE);
      }
    },
  );
}

/** Server-sent events: `delta` events with text, then one `done` event with the whole answer. */
async function streamAnswer(
  engine: ChatEngine,
  input: Parameters<ChatEngine['stream']>[0],
  request: FastifyRequest,
  reply: FastifyReply,
  store: (answer: { response: string; sources: readonly ChatSource[] }) => Promise<void>,
) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const send = (event: string, data: unknown) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const abort = new AbortController();
  request.raw.on('close', () => abort.abort());
  try {
    for await (const event of engine.stream(input, { signal: abort.signal })) {
      if (abort.signal.aborted) break;
      if (event.type === 'delta') send('delta', { text: event.text });
      else {
        const { answer } = event;
        send('done', {
          karakter: input.karakter,
          response: answer.text,
          sources: answer.sources,
          replace: event.replace,
        });
        await store({ response: answer.text, sources: answer.sources });
      }
    }
  } catch (err) {
    request.log.error({ err }, 'rag stream failed');
    send('error', { code: 500, status: 'error', message: CHAT_FAILURE_MESSAGE });
  } finally {
    res.end();
  }
}
