import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { parseLabelled, type LabelledText, type TagData } from '@dwitunggal/classifier/dataset';
import { PREPROCESS_VERSION } from '@dwitunggal/classifier/preprocess';
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
import { createCache, type CacheBus } from '../../lib/cache';
import { conflict, notFound, serviceUnavailable } from '../../lib/errors';
import { findRepoPath } from '../../lib/paths';
import {
  createModelRepository,
  type RunRow,
  type StoredFile,
  type VersionPolicy,
  type VersionRow,
} from './repository';
import {
  executeRun,
  StoppedError,
  verifyModelFiles,
  type Logger,
  type RunningJob,
} from './training-run';

/** Regression questions a training run scores at most (the oldest first: the set is frozen). */
export const REGRESSION_EVAL_MAX = 5000;

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

/**
 * The one piece of process-wide state of this module: the owner ids of the model services alive
 * in this process. On PGlite (one process owns the database) recovery fails every unfinished run
 * not owned by one of them; two services (two apps) of one process must not fail each other's.
 */
const liveOwners = new Set<string>();

/**
 * The quality gate: the candidate fails when its cross-validated macro-F1 is more than
 * `threshold` below the active model's (compared at the 4 decimals the metrics are kept to).
 */
export function evaluateGate(
  candidateMacroF1: number,
  activeMacroF1: number | null,
  threshold: number,
): GateResult {
  const drop =
    activeMacroF1 === null ? 0 : Math.round((activeMacroF1 - candidateMacroF1) * 1e4) / 1e4;
  return { passed: drop <= threshold, candidateMacroF1, activeMacroF1, threshold };
}

/**
 * The regression-set rule: a candidate may not score lower (accuracy) on the figure's curated
 * learner questions than the version serving now did on the same questions. Null (no rule)
 * when the run had no regression questions, the serving version could not be scored, or
 * another version became active while the candidate trained.
 */
export function evaluateRegression(
  candidate: ModelMetrics,
  activeVersion: number | null,
): GateResult['regression'] {
  const regression = candidate.regression;
  const serving = regression?.serving;
  if (!regression || !serving || serving.version !== activeVersion) return null;
  return {
    passed: regression.accuracy >= serving.accuracy,
    n: regression.n,
    candidateAccuracy: regression.accuracy,
    servingAccuracy: serving.accuracy,
  };
}

/**
 * Which versions a new one activates and which it outlives: activated when it passes the gate
 * (cross-validation and the regression set) or the run was forced; the newest `keepVersions`
 * versions and the active one are kept.
 */
export function versionPolicy(opts: { threshold: number; keepVersions: number }): VersionPolicy {
  return {
    admit(candidate, active, force) {
      const cv = evaluateGate(
        candidate.cv.macroF1,
        active ? active.metrics.cv.macroF1 : null,
        opts.threshold,
      );
      const regression = evaluateRegression(candidate, active?.version ?? null);
      const gate = { ...cv, passed: cv.passed && (regression?.passed ?? true), regression };
      return { activate: gate.passed || force, gate };
    },
    prune: (versions) =>
      versions
        .filter((v, i) => i >= opts.keepVersions && v.status !== 'active')
        .map((v) => v.version),
  };
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

export interface InitialModelOutcome {
  figure: CharacterKey;
  action: 'present' | 'trained' | 'waited' | 'failed';
  version: number | null;
  durationMs: number;
  error?: string;
}

/** The one thing the models need of the tags: a figure's training data (the tag service). */
export interface TrainingDataSource {
  list(character: CharacterKey): Promise<readonly TagData[]>;
}

/**
 * The model registry and retraining. Each run trains in a worker thread (training-run.ts); its
 * progress and heartbeat go to the training_runs row so that any process can answer a poll.
 * The database enforces one run per figure and keeps the versions and their files; the quality
 * gate and retention (`versionPolicy`) are applied in the transaction that stores a version.
 */
export function createModelService(deps: {
  database: Pick<Database, 'db' | 'kind'>;
  tags: TrainingDataSource;
  bus: CacheBus;
  log?: Logger;
  options?: Partial<ModelServiceOptions>;
}) {
  const opts: ModelServiceOptions = { ...DEFAULTS, ...deps.options };
  const repo = createModelRepository(deps.database.db);
  const active = createCache<ActiveRecord | null>(deps.bus);
  // Versioned files never change: kept by bytes, dropped per figure when its models change.
  const files = createCache<StoredFile | null>(deps.bus, {
    groupOf: (key) => key.slice(0, key.indexOf('/')),
    maxBytes: opts.fileCacheBytes,
    maxEntries: 1024,
    sizeOf: (file) => file?.body.byteLength ?? 0,
  });
  const log = deps.log;
  const ownerId = `${hostname()}:${process.pid}:${randomUUID()}`;
  liveOwners.add(ownerId);
  const jobs = new Map<string, RunningJob>();
  const heldOut = new Map<CharacterKey, Promise<LabelledText[]>>();
  const progressListeners = new Set<(runId: string, progress: TrainingProgress) => void>();
  let closing = false;

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

  const runContext = {
    repo,
    ownerId,
    trainingData: (figure: CharacterKey) => deps.tags.list(figure),
    heldOut: loadHeldOut,
    regression: (figure: CharacterKey) => repo.regressionSet(figure, REGRESSION_EVAL_MAX),
    policy: versionPolicy(opts),
    // A new version changes the list and maybe the active one: every process drops its copy.
    onVersion: (figure: CharacterKey) => active.invalidate(activeCacheKey(figure)),
    onProgress: (runId: string, progress: TrainingProgress) => {
      for (const listener of progressListeners) listener(runId, progress);
    },
    log,
    opts,
  };

  /** Starts a queued run in this process; it is forgotten once it has ended. */
  function execute(run: RunRow): void {
    const job = executeRun(runContext, run);
    jobs.set(run.id, {
      done: job.done.finally(() => jobs.delete(run.id)),
      stop: (reason: Error) => job.stop(reason),
    });
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
      const row = await repo.insertRun({
        character: figure,
        force: request.force ?? false,
        requestedBy: request.requestedBy ?? null,
        ownerId,
        progress: { phase: 'queued', epoch: 0, epochs: 0, loss: null },
      });
      if (!row) {
        const message = MODEL_MESSAGES.runInProgress(CHARACTER_NAMES[figure]);
        throw conflict(message, { figure: message });
      }
      execute(row);
      return { runId: row.id };
    },

    getRun,

    /**
     * Calls `listener` each time a run of this process has written its progress to its row;
     * returns the unsubscribe function.
     */
    onProgress(listener: (runId: string, progress: TrainingProgress) => void): () => void {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },

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
      return files.get(
        `${activeCacheKey(figure)}/${version}/${name}`,
        async () => (await repo.readFile(figure, version, name)) ?? null,
      );
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
      liveOwners.delete(ownerId);
    },
  };
  return service;
}
export type ModelService = ReturnType<typeof createModelService>;
