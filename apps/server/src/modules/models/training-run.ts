import type { FastifyBaseLogger } from 'fastify';
import { verifyArtifacts, packArtifacts } from '@dwitunggal/classifier/artifacts';
import {
  DatasetError,
  canonicalDataset,
  parseDataset,
  type LabelledText,
  type TagData,
} from '@dwitunggal/classifier/dataset';
import { dataHashOf, etagOf } from '@dwitunggal/classifier/digest';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { TrainingProgress } from '@dwitunggal/contracts/models';
import type { ModelRepository, RunRow, StoredFile, VersionPolicy } from './repository';
import { startTrainingJob, TrainingError, type TrainingJob } from './worker-host';

export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The run was failed by another process's recovery: this process stops working on it. */
class RunLostError extends Error {}

/** The server is shutting down (its message is shown as the run's error). */
export class StoppedError extends TrainingError {}

/** A model's files as stored: packaged by the classifier, each with its digest. */
export function storedFilesOf(artifacts: Parameters<typeof packArtifacts>[0]): StoredFile[] {
  return packArtifacts(artifacts).map((f) => ({ ...f, etag: etagOf(f.body) }));
}

/**
 * Checks a version's files before they are stored or activated (see `verifyArtifacts`), each
 * one's bytes against the digest recorded when it was stored. A browser given a damaged model
 * keeps its last good one, but a damaged version must never become the active one.
 */
export const verifyModelFiles = (files: readonly Pick<StoredFile, 'name' | 'etag' | 'body'>[]) =>
  verifyArtifacts(files, etagOf);

/**
 * The files of the figure's serving version, copied out of the database's buffers (a worker
 * gets them by structured clone), for scoring it on the regression set; null when none.
 */
async function servingFiles(repo: ModelRepository, figure: CharacterKey) {
  const active = await repo.activeVersion(figure);
  if (!active) return null;
  const files = await repo.readVersionFiles(figure, active.version);
  return {
    version: active.version,
    files: files.map((f) => ({ name: f.name, etag: f.etag, body: new Uint8Array(f.body) })),
  };
}

/** What a run needs from its service. */
export interface RunContext {
  repo: ModelRepository;
  ownerId: string;
  /** The figure's training data as stored. */
  trainingData(figure: CharacterKey): Promise<readonly TagData[]>;
  heldOut(figure: CharacterKey): Promise<LabelledText[]>;
  /** The figure's regression set (curated learner questions), at most a bounded number. */
  regression(figure: CharacterKey): Promise<LabelledText[]>;
  policy: VersionPolicy;
  /** Called once a new version is stored (every process drops its cached copies). */
  onVersion(figure: CharacterKey): Promise<void>;
  /** Called after each write of the run's progress to its row (any process can now read it). */
  onProgress?(runId: string, progress: TrainingProgress): void;
  log?: Logger;
  opts: { progressMs: number; heartbeatMs: number; timeoutMs: number; seed: number; folds: number };
}

/** A run in progress in this process. */
export interface RunningJob {
  done: Promise<void>;
  stop(reason: Error): void;
}

/**
 * Runs one training run to its end in a worker thread, never throwing: its progress and heartbeat
 * go to its training_runs row (at most every `progressMs`, at least every `heartbeatMs`), so that
 * any process can answer a poll; the run stops when another process's recovery took it over.
 */
export function executeRun(ctx: RunContext, run: RunRow): RunningJob {
  const { repo, ownerId, log, opts } = ctx;
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
    const progress = state.progress;
    const ours = await repo.touchRun(run.id, ownerId, { progress, ...patch });
    if (ours) ctx.onProgress?.(run.id, progress);
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
  const checkStopped = () => {
    if (state.stopped) throw state.stopped;
  };

  async function execute(): Promise<void> {
    const ticker = setInterval(() => {
      if (state.writing) return;
      if (state.dirty || Date.now() - state.lastBeat >= opts.heartbeatMs) void startWrite();
    }, opts.progressMs);
    ticker.unref();
    try {
      setProgress({ phase: 'preparing', epoch: 0, epochs: 0, loss: null });
      const dataset = canonicalDataset(await ctx.trainingData(figure));
      const dataHash = dataHashOf(dataset);
      await flush({ status: 'running', dataHash });
      parseDataset(dataset); // bad data fails here with the trainer's own message
      const heldOutItems = await ctx.heldOut(figure);
      const regression = await ctx.regression(figure);
      const serving = regression.length > 0 ? await servingFiles(repo, figure) : null;
      checkStopped();
      state.job = startTrainingJob(
        { dataset, seed: opts.seed, folds: opts.folds, heldOut: heldOutItems, regression, serving },
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
      const files = storedFilesOf(result.artifacts);
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
          metrics: {
            cv: result.cv,
            ...(result.heldout ? { heldout: result.heldout } : {}),
            ...(result.regression ? { regression: result.regression } : {}),
          },
          history: result.history.map((h) => ({ epoch: h.epoch, loss: h.loss })),
          durationMs: result.durationMs,
          files,
        },
        { policy: ctx.policy, progress: { phase: 'done', epoch: 1, epochs: 1, loss } },
      );
      if (!outcome) throw new RunLostError('run taken over');
      await ctx.onVersion(figure);
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
        // Typed errors carry a message meant for the admin; anything else is a server error.
        const shown = err instanceof TrainingError || err instanceof DatasetError;
        const message = shown ? err.message : 'Training failed because of a server error';
        if (!shown) log?.error({ err, runId: run.id, figure }, 'training run failed');
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
    }
  }

  return {
    done: execute(),
    stop(reason) {
      state.stopped = reason;
      void state.job?.cancel(reason);
    },
  };
}
