import { createHash } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, ENGINES, freshStorage, type Engine } from './lib/cases';
import { query } from './lib/postgres';
import {
  activeModel,
  bytesOf,
  call,
  login,
  retrain,
  startServer,
  stop,
  type Envelope,
} from './lib/server';

const cleanup = cleanupAfterEach();

const etagOf = (body: Uint8Array) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** The SQL that selects a stored file of a version. */
const FILE = `from model_files f join model_versions v on v.id = f.version_id
  where v.character = $1 and v.version = $2 and f.name = $3`;

interface Damage {
  figure: 'soekarno' | 'hatta';
  file: string;
  /** New bytes for the file, from the stored ones. */
  change(body: Uint8Array): Uint8Array;
  /** Also record the digest of the new bytes (only a content check can catch it then). */
  consistentDigest: boolean;
}

const DAMAGES: Damage[] = [
  // Truncated weights, with a matching digest: the manifest's size check must catch it.
  {
    figure: 'soekarno',
    file: 'weights.bin',
    change: (b) => b.slice(0, Math.floor(b.length / 2)),
    consistentDigest: true,
  },
  // model.json that is not JSON any more, digest untouched.
  {
    figure: 'hatta',
    file: 'model.json',
    change: (b) => b.slice(0, b.length - 7),
    consistentDigest: false,
  },
];

async function damage(
  engine: Engine,
  target: { dataDir: string; databaseUrl?: string },
  version: number,
) {
  const apply = async (
    run: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>,
  ) => {
    for (const d of DAMAGES) {
      const [row] = await run(`select f.version_id, f.body ${FILE}`, [d.figure, version, d.file]);
      expect(row, `${d.figure} v${version} ${d.file}`).toBeDefined();
      const body = d.change(new Uint8Array(row!.body as Uint8Array));
      await run(
        `update model_files set body = $1${d.consistentDigest ? ', etag = $4, bytes = $5' : ''}
         where version_id = $2 and name = $3`,
        [body, row!.version_id, d.file, ...(d.consistentDigest ? [etagOf(body), body.length] : [])],
      );
    }
  };
  if (engine === 'postgres') {
    await apply((sql, params) => query(target.databaseUrl!, sql, params));
  } else {
    const db = await PGlite.create({ dataDir: path.join(target.dataDir, 'pgdata') });
    try {
      await apply(
        async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
      );
    } finally {
      await db.close();
    }
  }
}

describe.each(ENGINES)('a corrupt or truncated model file (%s)', (engine) => {
  it('never becomes active; the good version keeps being served', async () => {
    const target = await freshStorage(engine, 'corrupt', cleanup);
    let server = await startServer(target);
    let token = await login(server);
    const first = {
      soekarno: await activeModel(server, 'soekarno'),
      hatta: await activeModel(server, 'hatta'),
    };
    // A newer good version of each figure becomes active; the first ones are then damaged.
    const [soekarno, hatta] = (
      await Promise.all([retrain(server, token, 'soekarno'), retrain(server, token, 'hatta')])
    ).map((run) => run.version!);
    const good = {
      soekarno: await bytesOf(server, `/api/models/soekarno/v/${soekarno}/weights.bin`),
      hatta: await bytesOf(server, `/api/models/hatta/v/${hatta}/model.json`),
    };
    if (engine === 'pglite') {
      // PGlite belongs to the server process: change the files while it is stopped.
      expect(await stop(server)).toBe(0);
      await damage(engine, target, first.soekarno.version);
      server = await startServer(target);
      token = await login(server);
    } else {
      await damage(engine, target, first.soekarno.version);
    }
    expect(first.hatta.version).toBe(first.soekarno.version);

    for (const [figure, version] of [
      ['soekarno', first.soekarno.version],
      ['hatta', first.hatta.version],
    ] as const) {
      const res = await call<Envelope>(
        server,
        'POST',
        `/api/models/${figure}/versions/${version}/activate`,
        { token },
      );
      expect(res.status, `${figure} v${version}`).toBe(409);
      expect(res.body).toMatchObject({ code: 409, status: 'error' });
      expect(res.body.message).toContain(`Versi ${version}`);
    }
    expect((await activeModel(server, 'soekarno')).version).toBe(soekarno);
    expect((await activeModel(server, 'hatta')).version).toBe(hatta);
    const servedWeights = await bytesOf(server, '/api/models/soekarno/weights.bin');
    expect(servedWeights.body.equals(good.soekarno.body)).toBe(true);
    const servedModel = await bytesOf(server, '/api/models/hatta/model.json');
    expect(servedModel.body.equals(good.hatta.body)).toBe(true);

    // The damaged version is kept (listed, for inspection), only refused.
    const versions = await call<Envelope<{ version: number }[]>>(
      server,
      'GET',
      '/api/models/soekarno/versions',
      { token },
    );
    expect(versions.body.data.map((v) => v.version)).toContain(first.soekarno.version);
    expect(await stop(server)).toBe(0);
  });
});
