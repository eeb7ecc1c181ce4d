import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  readModel,
  type ModelArtifacts,
  type LayersModelJson,
} from '@dwitunggal/classifier/artifacts';
import { PREPROCESS_VERSION } from '@dwitunggal/classifier/preprocess';
import {
  DatasetError,
  parseDataset,
  parseLabelled,
  type Dataset,
  type LabelledText,
} from '@dwitunggal/classifier/dataset';
import {
  CHARACTER_KEYS,
  CHARACTER_NAMES,
  type CharacterKey,
} from '@dwitunggal/contracts/characters';
import {
  CV_FOLDS,
  GATE_THRESHOLD,
  KEEP_VERSIONS,
  MODEL_MESSAGES,
  RESTARTED_ERROR,
  TRAINING_SEED,
  modelFileUrl,
  type ActiveModel,
  type GateResult,
  type ModelFileName,
  type ModelMetrics,
  type ModelVersion,
  type PurgedVersion,
  type TrainingProgress,
  type TrainingRun,
} from '@dwitunggal/contracts/models';
import type { Database } from '../../db/client';
import { ALL_KEYS, createCache, type CacheBus } from '../../lib/cache';
import { conflict, notFound, serviceUnavailable } from '../../lib/errors';
import { findRepoPath } from '../../lib/paths';
import type { TagRecord } from '../tags/repository';
import {
  createModelRepository,
  isUniqueViolation,
  type RunRow,
  type StoredFile,
  type VersionRow,
} from './repository';
import { startTrainingJob, TrainingError, type TrainingJob } from './worker-host';

export const activeCacheKey = (figure: CharacterKey) => `models:active:${figure}`;

export interface ModelServiceOptions {
  /** Progress is written at most this often (ms). */
  progressMs: number;
  /** A running run's heartbeat is refreshed this often (ms)... */
  heartbeatMs: number;
  /** ...and a run whose heartbeat is older than this is taken for abandoned (ms). */
  staleMs: number;
  /** A worker still busy after this long is stopped and its run failed (ms). */
  timeoutMs: number;
  /** On close, runs in progress get this long to finish before they are stopped (ms). */
  shutdownGraceMs: number;
  keepVersions: number;
  threshold: number;
  folds: number;
  seed: number;
  /** Folder of `classifier-heldout-{figure}.json` (held-out metrics), or null for none. */
  heldOutDir: string | null;
  /** Bytes of artifact files kept in memory. */
  fileCacheBytes: number;
}

const DEFAULTS: ModelServiceOptions = {
  progressMs: 200,
  heartbeatMs: 1000,
  staleMs: 10_000,
  timeoutMs: 120_000,
  shutdownGraceMs: 5000,
  keepVersions: KEEP_VERSIONS,
  threshold: GATE_THRESHOLD,
  folds: CV_FOLDS,
  seed: TRAINING_SEED,
  heldOutDir: defaultHeldOutDir(),
  fileCacheBytes: 32 * 1024 * 1024,
};

function defaultHeldOutDir(): string | null {
  try {
    return findRepoPath('data/eval');
  } catch {
    return null;
  }
}

/** Owner ids of the model services alive in this process (PGlite recovery spares their runs). */
const liveOwners = new Set<string>();

/** The training data as trained and hashed: tags sorted by name, phrases in stored order. */
export function canonicalDataset(
  records: readonly Pick<TagRecord, 'name' | 'input' | 'responses'>[],
): Dataset {
  const tags = records
    .map((r) => ({ tag: r.name, input: [...r.input], responses: [...r.responses] }))
    .sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  return { tags };
}

/** sha256 of the canonical training data. */
export function dataHashOf(dataset: Dataset): string {
  const canonical = JSON.stringify(dataset.tags.map((t) => [t.tag, t.input, t.responses]));
  return createHash('sha256').update(canonical).digest('hex');
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The strong entity tag of a file: a digest of its bytes (also its integrity check). */
export function etagOf(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

function storedFile(name: ModelFileName, contentType: string, body: Uint8Array): StoredFile {
  return { name, contentType, etag: etagOf(body), body };
}

/**
 * Checks a version's files before they are stored or activated: all four present, each one's
 * bytes matching the digest recorded when it was stored, model.json and weights.bin forming the
 * model this server writes (weights exactly the manifest's size, every weight finite), and
 * word_index.json and content.json readable and consistent with it. Returns the problems found
 * (empty when the version is sound). A browser given a damaged model keeps its last good one,
 * but a damaged version must never become the active one in the first place.
 */
export function verifyModelFiles(
  files: readonly Pick<StoredFile, 'name' | 'etag' | 'body'>[],
): string[] {
  const problems: string[] = [];
  const byName = new Map(files.map((f) => [f.name, f]));
  for (const name of ['model.json', 'weights.bin', 'word_index.json', 'content.json'] as const) {
    const file = byName.get(name);
    if (!file) problems.push(`${name} is missing`);
    else if (etagOf(file.body) !== file.etag) problems.push(`${name} does not match its digest`);
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const json = (name: ModelFileName): unknown => {
    const file = byName.get(name);
    if (!file) return undefined;
    try {
      return JSON.parse(decoder.decode(file.body)) as unknown;
    } catch {
      problems.push(`${name} is not valid JSON`);
      return undefined;
    }
  };
  const modelJson = json('model.json') as LayersModelJson | undefined;
  const wordIndex = json('word_index.json');
  const content = json('content.json') as { tags?: unknown; responses?: unknown } | undefined;
  const weights = byName.get('weights.bin')?.body;
  let classes: number | null = null;
  let vocabSize: number | null = null;
  if (modelJson && weights) {
    try {
      const copy = weights.slice().buffer;
      const { spec, params } = readModel(modelJson, copy);
      const expected =
        Object.values(params).reduce((n: number, a: Float32Array) => n + a.length, 0) * 4;
      const listed = modelJson.weightsManifest
        .flatMap((g) => g.weights)
        .reduce((n, w) => n + w.shape.reduce((a, b) => a * b, 1) * 4, 0);
      if (listed !== expected) {
        problems.push(`model.json lists ${listed} bytes of weights, the model needs ${expected}`);
      } else if (weights.byteLength !== expected) {
        problems.push(
          `weights.bin has ${weights.byteLength} bytes, the manifest needs ${expected}`,
        );
      } else if (
        Object.values(params).some((a: Float32Array) => a.some((v) => !Number.isFinite(v)))
      ) {
        problems.push('weights.bin holds a weight that is not a finite number');
      }
      classes = spec.classes;
      vocabSize = spec.vocabSize;
    } catch (err) {
      problems.push(
        `model.json and weights.bin do not form a model: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  if (wordIndex !== undefined) {
    const entries =
      typeof wordIndex === 'object' && wordIndex !== null ? Object.values(wordIndex) : null;
    if (
      !entries ||
      entries.some(
        (v) =>
          !Number.isInteger(v) ||
          (v as number) < 0 ||
          (vocabSize !== null && (v as number) >= vocabSize),
      )
    ) {
      problems.push('word_index.json is not a word index of this model');
    }
  }
  if (content !== undefined) {
    const tags = Array.isArray(content?.tags) ? content.tags : null;
    if (
      !tags ||
      typeof content?.responses !== 'object' ||
      (classes !== null && tags.length !== classes)
    ) {
      problems.push('content.json does not describe this model');
    }
  }
  return problems;
}

/** The four files as served: JSON without indentation, weights as written by the trainer. */
export function filesOf(artifacts: ModelArtifacts): StoredFile[] {
  const json = (name: ModelFileName, value: unknown) =>
    storedFile(name, JSON_TYPE, Buffer.from(JSON.stringify(value), 'utf8'));
  return [
    json('model.json', artifacts.modelJson),
    storedFile('weights.bin', 'application/octet-stream', new Uint8Array(artifacts.weights)),
    json('word_index.json', artifacts.wordIndex),
    json('content.json', artifacts.content),
  ];
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function toRun(row: RunRow): TrainingRun {
  return {
    id: row.id,
    figure: row.character,
    status: row.status,
    progress: row.progress as TrainingProgress,
    startedAt: iso(row.startedAt),
    finishedAt: row.finishedAt ? iso(row.finishedAt) : null,
    durationMs: row.durationMs,
    error: row.error,
    versionId: row.versionId,
    version: row.version,
    activated: row.activated,
    gate: (row.gate as GateResult | null) ?? null,
  };
}

function toVersion(row: VersionRow): ModelVersion {
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    createdAt: iso(row.createdAt),
    durationMs: row.durationMs,
    dataHash: row.dataHash,
    tags: row.tags,
    inputs: row.inputs,
    metrics: row.metrics,
    history: row.history,
    bytes: row.bytes,
  };
}

interface ActiveRecord {
  version: number;
  createdAt: string;
  metrics: ModelMetrics;
}

function toActive(figure: CharacterKey, a: ActiveRecord): ActiveModel {
  return {
    figure,
    version: a.version,
    modelUrl: modelFileUrl(figure, a.version, 'model.json'),
    wordIndexUrl: modelFileUrl(figure, a.version, 'word_index.json'),
    contentUrl: modelFileUrl(figure, a.version, 'content.json'),
    createdAt: a.createdAt,
    metrics: a.metrics,
  };
}

/** Versioned files never change: a small in-memory LRU by bytes, dropped per figure on change. */
function createFileCache(maxBytes: number) {
  const entries = new Map<string, StoredFile>();
  const generations = new Map<CharacterKey, number>();
  let bytes = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.body.byteLength;
    entries.delete(key);
  };
  return {
    generation: (figure: CharacterKey) => generations.get(figure) ?? 0,
    get(key: string): StoredFile | undefined {
      const e = entries.get(key);
      if (e) {
        entries.delete(key);
        entries.set(key, e);
      }
      return e;
    },
    set(figure: CharacterKey, generation: number, key: string, file: StoredFile) {
      if ((generations.get(figure) ?? 0) !== generation || file.body.byteLength > maxBytes) return;
      drop(key);
      entries.set(key, file);
      bytes += file.body.byteLength;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
    clear(figure?: CharacterKey) {
      for (const f of figure ? [figure] : CHARACTER_KEYS)
        generations.set(f, (generations.get(f) ?? 0) + 1);
      for (const key of [...entries.keys()]) if (!figure || key.startsWith(`${figure}/`)) drop(key);
    },
  };
}

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The run was failed by another process's recovery: this process stops working on it. */
class RunLostError extends Error {}
/** The server is shutting down. */
class StoppedError extends Error {}

interface RunningJob {
  done: Promise<void>;
  stop(reason: Error): void;
}

export interface InitialModelOutcome {
  figure: CharacterKey;
  action: 'present' | 'trained' | 'waited' | 'failed';
  version: number | null;
  durationMs: number;
  error?: string;
}

/**
 * The model registry and retraining. Each run trains in a worker thread; its progress and
 * heartbeat go to the training_runs row so that any process can answer a poll. The database
 * enforces one run per figure, keeps the versions and their files, and decides activation
 * (quality gate) in the same transaction that stores a version.
 */
export function createModelService(deps: {
  database: Pick<Database, 'db' | 'kind'>;
  /** The training data: a figure's tags as stored (the tag repository). */
  tags: { list(character: CharacterKey): Promise<TagRecord[]> };
  bus: CacheBus;
  log?: Logger;
  options?: Partial<ModelServiceOptions>;
}) {
  const opts: ModelServiceOptions = { ...DEFAULTS, ...deps.options };
  const repo = createModelRepository(deps.database.db);
  const active = createCache<ActiveRecord | null>(deps.bus);
  const files = createFileCache(opts.fileCacheBytes);
  const log = deps.log;
  const ownerId = `${hostname()}:${process.pid}:${randomUUID()}`;
  liveOwners.add(ownerId);
  const jobs = new Map<string, RunningJob>();
  const heldOut = new Map<CharacterKey, Promise<LabelledText[]>>();
  let closing = false;

  const unsubscribe = deps.bus.subscribe((key) => {
    if (key === ALL_KEYS) files.clear();
    for (const figure of CHARACTER_KEYS) if (key === activeCacheKey(figure)) files.clear(figure);
  });

  const loadHeldOut = (figure: CharacterKey): Promise<LabelledText[]> => {
    let pending = heldOut.get(figure);
    if (!pending) {
      const dir = opts.heldOutDir;
      pending = dir
        ? readFile(path.join(dir, `classifier-heldout-${figure}.json`), 'utf8').then(
            (text) => parseLabelled(JSON.parse(text)),
            () => [],
          )
        : Promise.resolve([]);
      heldOut.set(figure, pending);
    }
    return pending;
  };

  const activeRecord = (figure: CharacterKey) =>
    active.get(activeCacheKey(figure), async () => {
      const row = await repo.activeVersion(figure);
      return row
        ? { version: row.version, createdAt: iso(row.createdAt), metrics: row.metrics }
        : null;
    });

  /** Runs one training run to its end; never throws. */
  async function execute(run: RunRow): Promise<void> {
    const figure = run.character;
    const state = {
      progress: run.progress as TrainingProgress,
      dirty: false,
      lastBeat: Date.now(),
      writing: null as Promise<void> | null,
      lost: false,
      job: null as TrainingJob | null,
      stopped: null as Error | null,
    };
    const write = async (patch: { status?: 'running'; dataHash?: string } = {}) => {
      state.dirty = false;
      state.lastBeat = Date.now();
      const ours = await repo.touchRun(run.id, ownerId, { progress: state.progress, ...patch });
      if (!ours && !state.lost) {
        state.lost = true;
        void state.job?.cancel(new RunLostError('run taken over'));
      }
    };
    const startWrite = (patch?: { status?: 'running'; dataHash?: string }) => {
      const p = write(patch)
        .catch((err: unknown) =>
          log?.warn({ err, runId: run.id }, 'could not record training progress'),
        )
        .finally(() => {
          if (state.writing === p) state.writing = null;
        });
      state.writing = p;
      return p;
    };
    /** A write that must happen (status, phase change): its failure fails the run. */
    const flush = async (patch?: { status?: 'running'; dataHash?: string }) => {
      while (state.writing) await state.writing;
      const p = write(patch);
      const settled: Promise<void> = p
        .then(
          () => {},
          () => {},
        )
        .finally(() => {
          if (state.writing === settled) state.writing = null;
        });
      state.writing = settled;
      await p;
      if (state.lost) throw new RunLostError('run taken over');
    };
    const setProgress = (p: TrainingProgress) => {
      state.progress = p;
      state.dirty = true;
    };
    const ticker = setInterval(() => {
      if (state.writing) return;
      if (state.dirty || Date.now() - state.lastBeat >= opts.heartbeatMs) void startWrite();
    }, opts.progressMs);
    ticker.unref();

    const checkStopped = () => {
      if (state.stopped) throw state.stopped;
    };
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    jobs.set(run.id, {
      done,
      stop(reason) {
        state.stopped = reason;
        void state.job?.cancel(reason);
      },
    });

    try {
      setProgress({ phase: 'preparing', epoch: 0, epochs: 0, loss: null });
      const dataset = canonicalDataset(await deps.tags.list(figure));
      const dataHash = dataHashOf(dataset);
      await flush({ status: 'running', dataHash });
      parseDataset(dataset); // bad data fails here with the trainer's own message
      const heldOutItems = await loadHeldOut(figure);
      checkStopped();
      state.job = startTrainingJob(
        { dataset, seed: opts.seed, folds: opts.folds, heldOut: heldOutItems },
        {
          timeoutMs: opts.timeoutMs,
          onProgress: (p) =>
            setProgress({ phase: p.phase, epoch: p.epoch, epochs: p.epochs, loss: p.loss }),
        },
      );
      const result = await state.job.result;
      checkStopped();
      const loss = result.history.at(-1)?.loss ?? null;
      setProgress({ phase: 'saving', epoch: 0, epochs: 1, loss });
      await flush();
      const files = filesOf(result.artifacts);
      const problems = verifyModelFiles(files);
      if (problems.length > 0) {
        log?.error({ runId: run.id, figure, problems }, 'trained model failed verification');
        throw new TrainingError('Training produced a damaged model; the active model is unchanged');
      }
      const outcome = await repo.completeRun(
        { id: run.id, character: figure, ownerId },
        {
          dataHash,
          tags: dataset.tags.length,
          inputs: dataset.tags.reduce((n, t) => n + t.input.length, 0),
          metrics: { cv: result.cv, ...(result.heldout ? { heldout: result.heldout } : {}) },
          history: result.history.map((h) => ({ epoch: h.epoch, loss: h.loss })),
          durationMs: result.durationMs,
          files,
        },
        {
          threshold: opts.threshold,
          keepVersions: opts.keepVersions,
          progress: { phase: 'done', epoch: 1, epochs: 1, loss },
        },
      );
      if (!outcome) throw new RunLostError('run taken over');
      // A new version changes the list and maybe the active one: every process drops its copy.
      await active.invalidate(activeCacheKey(figure));
      log?.info(
        {
          runId: run.id,
          figure,
          version: outcome.version,
          activated: outcome.activated,
          gate: outcome.gate,
        },
        `trained ${figure} model version ${outcome.version}${outcome.activated ? ' (active)' : ' (candidate: quality gate)'}`,
      );
    } catch (err) {
      if (err instanceof RunLostError || state.lost) {
        log?.warn(
          { runId: run.id, figure },
          'training run was failed by recovery elsewhere; result discarded',
        );
      } else {
        const safe =
          err instanceof TrainingError ||
          err instanceof DatasetError ||
          err instanceof StoppedError ||
          (err instanceof Error && /^Training (took|worker)/.test(err.message));
        const message = safe ? err.message : 'Training failed because of a server error';
        if (!safe) log?.error({ err, runId: run.id, figure }, 'training run failed');
        try {
          while (state.writing) await state.writing;
          await repo.failRun(run.id, ownerId, message, { ...state.progress, phase: 'failed' });
        } catch (failErr) {
          log?.error({ err: failErr, runId: run.id }, 'could not record the failed run');
        }
      }
    } finally {
      clearInterval(ticker);
      while (state.writing) await state.writing;
      jobs.delete(run.id);
      resolveDone();
    }
  }

  async function getRun(id: string): Promise<TrainingRun> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
      throw notFound(MODEL_MESSAGES.runNotFound);
    }
    let row = await repo.findRun(id, opts.staleMs);
    if (!row) throw notFound(MODEL_MESSAGES.runNotFound);
    if ((row.status === 'queued' || row.status === 'running') && row.stale && !jobs.has(id)) {
      // Its process stopped beating: fail it now rather than let the poller wait forever.
      await repo.failAbandoned({ error: RESTARTED_ERROR, staleMs: opts.staleMs, id });
      row = (await repo.findRun(id, opts.staleMs)) ?? row;
    }
    return toRun(row);
  }

  /** Whether a stored version was made by this code's preprocessing (the browser refuses others). */
  async function usesCurrentPreprocessing(figure: CharacterKey, version: number): Promise<boolean> {
    const file = await repo.readFile(figure, version, 'content.json');
    if (!file) return false;
    try {
      const content = JSON.parse(new TextDecoder().decode(file.body)) as {
        preprocessVersion?: unknown;
      };
      return content.preprocessVersion === PREPROCESS_VERSION;
    } catch {
      return false;
    }
  }

  const service = {
    ownerId,

    /** Queues a run of the figure and starts it; 409 when one is already queued or running. */
    async startRun(
      figure: CharacterKey,
      request: { force?: boolean; requestedBy?: string | null } = {},
    ): Promise<{ runId: string }> {
      if (closing) throw serviceUnavailable('The server is shutting down');
      // A run whose process died no longer blocks the figure once its heartbeat is stale.
      await repo.failAbandoned({
        error: RESTARTED_ERROR,
        staleMs: opts.staleMs,
        character: figure,
      });
      let row: RunRow;
      try {
        row = await repo.insertRun({
          character: figure,
          force: request.force ?? false,
          requestedBy: request.requestedBy ?? null,
          ownerId,
          progress: { phase: 'queued', epoch: 0, epochs: 0, loss: null },
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          const message = MODEL_MESSAGES.runInProgress(CHARACTER_NAMES[figure]);
          throw conflict(message, { figure: message });
        }
        throw err;
      }
      void execute(row);
      return { runId: row.id };
    },

    getRun,

    /** Resolves when the run has finished (or `timeoutMs` passed), with its final state. */
    async waitForRun(id: string, timeoutMs = 60_000): Promise<TrainingRun> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = jobs.get(id);
        if (job) {
          await Promise.race([
            job.done,
            new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now()))),
          ]);
        }
        const run = await getRun(id);
        if (run.status === 'succeeded' || run.status === 'failed' || Date.now() >= deadline)
          return run;
        if (!jobs.has(id)) await new Promise((r) => setTimeout(r, 100));
      }
    },

    /** The figure's active model and its immutable file URLs, or null. */
    async active(figure: CharacterKey): Promise<ActiveModel | null> {
      const record = await activeRecord(figure);
      return record ? toActive(figure, record) : null;
    },

    async versions(figure: CharacterKey): Promise<ModelVersion[]> {
      return (await repo.listVersions(figure)).map(toVersion);
    },

    /** Activates a version (rollback, or promotion of a candidate). */
    async activate(figure: CharacterKey, version: number): Promise<ModelVersion> {
      // Versions are immutable, so checking the stored bytes before the switch is enough.
      const stored = await repo.readVersionFiles(figure, version);
      if (stored.length === 0) throw notFound(MODEL_MESSAGES.versionNotFound);
      const problems = verifyModelFiles(stored);
      if (problems.length > 0) {
        log?.error({ figure, version, problems }, 'refused to activate a damaged model version');
        const message = `Versi ${version} rusak (berkas model tidak utuh) dan tidak dapat diaktifkan`;
        throw conflict(message, { version: message });
      }
      const row = await repo.activate(figure, version);
      if (!row) throw notFound(MODEL_MESSAGES.versionNotFound);
      await active.invalidate(activeCacheKey(figure));
      return toVersion(row);
    },

    /**
     * Deletes a version that is not active and its stored files (the training data in its
     * content.json with them); 409 for the active version. Every process drops its cached copies.
     */
    async purge(figure: CharacterKey, version: number): Promise<PurgedVersion> {
      const outcome = await repo.purge(figure, version);
      if (outcome === undefined) throw notFound(MODEL_MESSAGES.versionNotFound);
      if (outcome === 'active') {
        const message = MODEL_MESSAGES.purgeActive(version);
        throw conflict(message, { version: message });
      }
      await active.invalidate(activeCacheKey(figure));
      log?.info({ figure, version }, 'model version purged');
      return { version, bytes: outcome.bytes };
    },

    /** Whether `version` is the figure's active version (cached like the active model). */
    async isActive(figure: CharacterKey, version: number): Promise<boolean> {
      return (await activeRecord(figure))?.version === version;
    },

    /** One file of a version, or null. */
    async file(
      figure: CharacterKey,
      version: number,
      name: ModelFileName,
    ): Promise<StoredFile | null> {
      const key = `${figure}/${version}/${name}`;
      const hit = files.get(key);
      if (hit) return hit;
      const generation = files.generation(figure);
      const found = await repo.readFile(figure, version, name);
      if (!found) return null;
      files.set(figure, generation, key, found);
      return found;
    },

    /** One file of the active version, or null. */
    async activeFile(figure: CharacterKey, name: ModelFileName): Promise<StoredFile | null> {
      const record = await activeRecord(figure);
      return record ? service.file(figure, record.version, name) : null;
    },

    /**
     * Fails the runs a stopped server left unfinished, with RESTARTED_ERROR. On PGlite one
     * process owns the database, so every unfinished run not owned by a live service of this
     * process is abandoned. On PostgreSQL other processes may be training: only runs whose
     * heartbeat is older than `staleMs` are failed (the others are failed later, by the same
     * check on the next start or poll of that figure, if their heartbeat stops).
     */
    async recoverInterruptedRuns(): Promise<string[]> {
      return deps.database.kind === 'pglite'
        ? repo.failAbandoned({ error: RESTARTED_ERROR, liveOwners: [...liveOwners] })
        : repo.failAbandoned({ error: RESTARTED_ERROR, staleMs: opts.staleMs });
    },

    /**
     * Trains and activates the first model of every figure that has no active version (both
     * figures at once, one worker each). A figure whose run another process already started
     * is waited for.
     */
    async trainMissingModels(timeoutMs = 120_000): Promise<InitialModelOutcome[]> {
      return Promise.all(
        CHARACTER_KEYS.map(async (figure): Promise<InitialModelOutcome> => {
          const started = performance.now();
          const elapsed = () => Math.round(performance.now() - started);
          const failed = (error: string): InitialModelOutcome => ({
            figure,
            action: 'failed',
            version: null,
            durationMs: elapsed(),
            error,
          });
          try {
            const present = await repo.activeVersion(figure);
            // A model made by an older preprocessing cannot be used by this app's browser code
            // (it refuses it): retrain, and activate the new model whatever the quality gate says.
            const outdated = present
              ? !(await usesCurrentPreprocessing(figure, present.version))
              : false;
            if (present && !outdated) {
              return { figure, action: 'present', version: present.version, durationMs: 0 };
            }
            if (outdated)
              log?.info({ figure }, 'the active model uses an older preprocessing: retraining');
            let runId: string;
            let action: InitialModelOutcome['action'] = 'trained';
            try {
              runId = (await service.startRun(figure, outdated ? { force: true } : {})).runId;
            } catch (err) {
              // Another process is training this figure: wait for its run.
              const other = await repo.activeRun(figure);
              if (!other) {
                const now = await repo.activeVersion(figure);
                if (now)
                  return { figure, action: 'waited', version: now.version, durationMs: elapsed() };
                throw err;
              }
              runId = other.id;
              action = 'waited';
            }
            const run = await service.waitForRun(runId, timeoutMs);
            if (run.status !== 'succeeded') return failed(run.error ?? `run still ${run.status}`);
            return { figure, action, version: run.version, durationMs: elapsed() };
          } catch (err) {
            // The server starts anyway; the admin can retrain from the archive screen.
            log?.error({ err, figure }, 'first training failed');
            return failed(err instanceof Error ? err.message : String(err));
          }
        }),
      );
    },

    /** Lets runs in progress finish (up to the grace period), then stops and fails the rest. */
    async close(): Promise<void> {
      closing = true;
      const pending = () => [...jobs.values()].map((j) => j.done);
      if (jobs.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all(pending()),
          new Promise((r) => (timer = setTimeout(r, opts.shutdownGraceMs))),
        ]);
        clearTimeout(timer);
      }
      for (const job of jobs.values()) job.stop(new StoppedError('Server stopped during training'));
      await Promise.all(pending());
      unsubscribe();
      liveOwners.delete(ownerId);
    },
  };
  return service;
}
export type ModelService = ReturnType<typeof createModelService>;
