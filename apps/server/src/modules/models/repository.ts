import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type {
  GateResult,
  ModelFileName,
  ModelMetrics,
  TrainingProgress,
  TrainingRunStatus,
} from '@dwitunggal/contracts/models';
import type { ArtifactFile } from '@dwitunggal/classifier/artifacts';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/errors';
import { modelFiles, modelVersions, regressionQuestions, trainingRuns } from '../../db/schema';

/** Advisory lock class of the per-figure model lock (versions and activation serialize). */
const MODELS_LOCK_CLASS = 727_100_003;
const LOCK_INDEX: Record<CharacterKey, number> = { soekarno: 1, hatta: 2 };

const ACTIVE_RUN: TrainingRunStatus[] = ['queued', 'running'];

export type RunRow = typeof trainingRuns.$inferSelect;
export type VersionRow = Omit<typeof modelVersions.$inferSelect, 'metrics' | 'history'> & {
  metrics: ModelMetrics;
  history: { epoch: number; loss: number }[];
};

/** A model file as stored: the artifact file and the digest recorded with it (its entity tag). */
export type StoredFile = ArtifactFile & { etag: string };

export interface NewVersion {
  dataHash: string;
  tags: number;
  inputs: number;
  metrics: ModelMetrics;
  history: { epoch: number; loss: number }[];
  durationMs: number;
  files: StoredFile[];
}

export interface CompletedRun {
  versionId: string;
  version: number;
  activated: boolean;
  gate: GateResult;
}

/** The decisions completeRun asks of its caller, inside the transaction (the service's rules). */
export interface VersionPolicy {
  /**
   * Whether the new version becomes the active one, given its metrics, the active version's
   * (null when there is none) and whether the run was forced; and the gate result to record.
   */
  admit(
    candidate: ModelMetrics,
    active: { version: number; metrics: ModelMetrics } | null,
    force: boolean,
  ): { activate: boolean; gate: GateResult };
  /** Of the figure's versions once the new one is stored (newest first), the ones to delete. */
  prune(versions: readonly Pick<VersionRow, 'version' | 'status'>[]): number[];
}

async function lockFigure(tx: Db, character: CharacterKey): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${MODELS_LOCK_CLASS}::int, ${LOCK_INDEX[character]}::int)`,
  );
}

const versionColumns = {
  id: modelVersions.id,
  character: modelVersions.character,
  version: modelVersions.version,
  status: modelVersions.status,
  runId: modelVersions.runId,
  dataHash: modelVersions.dataHash,
  tags: modelVersions.tags,
  inputs: modelVersions.inputs,
  metrics: modelVersions.metrics,
  history: modelVersions.history,
  durationMs: modelVersions.durationMs,
  bytes: modelVersions.bytes,
  createdAt: modelVersions.createdAt,
  activatedAt: modelVersions.activatedAt,
};

const asVersion = (row: typeof modelVersions.$inferSelect): VersionRow => row as VersionRow;

/** The columns of a stored model file, as read for serving or verifying it. */
const storedFileColumns = {
  name: modelFiles.name,
  contentType: modelFiles.contentType,
  etag: modelFiles.etag,
  body: modelFiles.body,
};

export function createModelRepository(db: Db) {
  return {
    /** Inserts a queued run; undefined when the figure already has one in progress. */
    async insertRun(run: {
      character: CharacterKey;
      force: boolean;
      requestedBy: string | null;
      ownerId: string;
      progress: TrainingProgress;
    }): Promise<RunRow | undefined> {
      try {
        const [row] = await db
          .insert(trainingRuns)
          .values({ ...run, status: 'queued' })
          .returning();
        if (!row) throw new Error('insert into training_runs returned no row');
        return row;
      } catch (err) {
        // The partial unique index allows one queued or running run per figure.
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }
    },

    /** The run in progress of a figure, if any. */
    async activeRun(character: CharacterKey): Promise<RunRow | undefined> {
      const [row] = await db
        .select()
        .from(trainingRuns)
        .where(and(eq(trainingRuns.character, character), inArray(trainingRuns.status, ACTIVE_RUN)))
        .limit(1);
      return row;
    },

    /** A run and whether its heartbeat is older than `staleMs` (by the database's clock). */
    async findRun(id: string, staleMs: number): Promise<(RunRow & { stale: boolean }) | undefined> {
      const [row] = await db
        .select({
          run: trainingRuns,
          stale: sql<boolean>`${trainingRuns.heartbeatAt} < now() - make_interval(secs => ${staleMs / 1000})`,
        })
        .from(trainingRuns)
        .where(eq(trainingRuns.id, id))
        .limit(1);
      return row ? { ...row.run, stale: Boolean(row.stale) } : undefined;
    },

    /**
     * Fails unfinished runs that nobody keeps alive: those whose heartbeat is older than
     * `staleMs`, and (when given) those whose owner is not one of `liveOwners`.
     */
    async failAbandoned(opts: {
      error: string;
      staleMs?: number;
      liveOwners?: string[];
      character?: CharacterKey;
      id?: string;
    }): Promise<string[]> {
      const abandoned = [];
      if (opts.staleMs !== undefined)
        abandoned.push(
          sql`${trainingRuns.heartbeatAt} < now() - make_interval(secs => ${opts.staleMs / 1000})`,
        );
      if (opts.liveOwners !== undefined)
        abandoned.push(
          opts.liveOwners.length > 0
            ? notInArray(trainingRuns.ownerId, opts.liveOwners)
            : sql`true`,
        );
      if (abandoned.length === 0) return [];
      const rows = await db
        .update(trainingRuns)
        .set({
          status: 'failed',
          error: opts.error,
          finishedAt: sql`now()`,
          // Up to its last sign of life, not the time the server was down.
          durationMs: sql`(extract(epoch from greatest(${trainingRuns.heartbeatAt}, ${trainingRuns.startedAt}) - ${trainingRuns.startedAt}) * 1000)::int`,
          progress: sql`jsonb_set(${trainingRuns.progress}, '{phase}', '"failed"')`,
        })
        .where(
          and(
            inArray(trainingRuns.status, ACTIVE_RUN),
            sql`(${sql.join(abandoned, sql` or `)})`,
            opts.character ? eq(trainingRuns.character, opts.character) : undefined,
            opts.id ? eq(trainingRuns.id, opts.id) : undefined,
          ),
        )
        .returning({ id: trainingRuns.id });
      return rows.map((r) => r.id);
    },

    /**
     * Writes progress and the heartbeat of a run this owner still holds; false when the run is
     * no longer ours (recovery failed it), so the caller stops.
     */
    async touchRun(
      id: string,
      ownerId: string,
      patch: { progress: TrainingProgress; status?: 'running'; dataHash?: string },
    ): Promise<boolean> {
      const rows = await db
        .update(trainingRuns)
        .set({ ...patch, heartbeatAt: sql`now()` })
        .where(
          and(
            eq(trainingRuns.id, id),
            eq(trainingRuns.ownerId, ownerId),
            inArray(trainingRuns.status, ACTIVE_RUN),
          ),
        )
        .returning({ id: trainingRuns.id });
      return rows.length > 0;
    },

    async failRun(id: string, ownerId: string, error: string, progress: TrainingProgress) {
      await db
        .update(trainingRuns)
        .set({
          status: 'failed',
          error,
          progress,
          finishedAt: sql`now()`,
          durationMs: sql`(extract(epoch from now() - ${trainingRuns.startedAt}) * 1000)::int`,
        })
        .where(
          and(
            eq(trainingRuns.id, id),
            eq(trainingRuns.ownerId, ownerId),
            inArray(trainingRuns.status, ACTIVE_RUN),
          ),
        );
    },

    /**
     * Stores a trained model as the figure's next version, activated or not as `policy.admit`
     * decides (retiring the former active version), deletes the versions `policy.prune` names,
     * and marks the run succeeded: ONE transaction under the figure's lock. Returns undefined (and
     * writes nothing) when the run is no longer this owner's.
     */
    async completeRun(
      run: { id: string; character: CharacterKey; ownerId: string },
      model: NewVersion,
      opts: { policy: VersionPolicy; progress: TrainingProgress },
    ): Promise<CompletedRun | undefined> {
      return db.transaction(async (tx) => {
        await lockFigure(tx, run.character);
        const [current] = await tx
          .select({ force: trainingRuns.force })
          .from(trainingRuns)
          .where(
            and(
              eq(trainingRuns.id, run.id),
              eq(trainingRuns.ownerId, run.ownerId),
              inArray(trainingRuns.status, ACTIVE_RUN),
            ),
          )
          .for('update');
        if (!current) return undefined;
        const [active] = await tx
          .select({ version: modelVersions.version, metrics: modelVersions.metrics })
          .from(modelVersions)
          .where(
            and(eq(modelVersions.character, run.character), eq(modelVersions.status, 'active')),
          );
        const { activate, gate } = opts.policy.admit(
          model.metrics,
          active ? { version: active.version, metrics: active.metrics as ModelMetrics } : null,
          current.force,
        );
        const [last] = await tx
          .select({ max: sql<number | null>`max(${modelVersions.version})` })
          .from(modelVersions)
          .where(eq(modelVersions.character, run.character));
        const version = Number(last?.max ?? 0) + 1;
        if (activate) {
          await tx
            .update(modelVersions)
            .set({ status: 'retired' })
            .where(
              and(eq(modelVersions.character, run.character), eq(modelVersions.status, 'active')),
            );
        }
        const [inserted] = await tx
          .insert(modelVersions)
          .values({
            character: run.character,
            version,
            status: activate ? 'active' : 'candidate',
            runId: run.id,
            dataHash: model.dataHash,
            tags: model.tags,
            inputs: model.inputs,
            metrics: model.metrics,
            history: model.history,
            durationMs: model.durationMs,
            bytes: model.files.reduce((n, f) => n + f.body.byteLength, 0),
            ...(activate ? { activatedAt: sql`now()` } : {}),
          })
          .returning({ id: modelVersions.id });
        if (!inserted) throw new Error('insert into model_versions returned no row');
        await tx.insert(modelFiles).values(
          model.files.map((f) => ({
            versionId: inserted.id,
            name: f.name,
            contentType: f.contentType,
            etag: f.etag,
            bytes: f.body.byteLength,
            body: f.body,
          })),
        );
        const stored = await tx
          .select({ version: modelVersions.version, status: modelVersions.status })
          .from(modelVersions)
          .where(eq(modelVersions.character, run.character))
          .orderBy(desc(modelVersions.version));
        const pruned = opts.policy.prune(stored);
        if (pruned.length > 0) {
          // Their files cascade.
          await tx
            .delete(modelVersions)
            .where(
              and(
                eq(modelVersions.character, run.character),
                inArray(modelVersions.version, pruned),
              ),
            );
        }
        await tx
          .update(trainingRuns)
          .set({
            status: 'succeeded',
            progress: opts.progress,
            heartbeatAt: sql`now()`,
            finishedAt: sql`now()`,
            durationMs: sql`(extract(epoch from now() - ${trainingRuns.startedAt}) * 1000)::int`,
            versionId: inserted.id,
            version,
            activated: activate,
            gate,
          })
          .where(eq(trainingRuns.id, run.id));
        return { versionId: inserted.id, version, activated: activate, gate };
      });
    },

    async activeVersion(character: CharacterKey): Promise<VersionRow | undefined> {
      const [row] = await db
        .select(versionColumns)
        .from(modelVersions)
        .where(and(eq(modelVersions.character, character), eq(modelVersions.status, 'active')))
        .limit(1);
      return row ? asVersion(row) : undefined;
    },

    /** The figure's regression set (learner questions annotated in the inbox), oldest first. */
    async regressionSet(
      character: CharacterKey,
      max: number,
    ): Promise<{ text: string; tag: string }[]> {
      return db
        .select({ text: regressionQuestions.question, tag: regressionQuestions.tagName })
        .from(regressionQuestions)
        .where(eq(regressionQuestions.character, character))
        .orderBy(regressionQuestions.id)
        .limit(max);
    },

    /** Every version of a figure, newest first. */
    async listVersions(character: CharacterKey): Promise<VersionRow[]> {
      const rows = await db
        .select(versionColumns)
        .from(modelVersions)
        .where(eq(modelVersions.character, character))
        .orderBy(desc(modelVersions.version));
      return rows.map(asVersion);
    },

    /** Makes `version` the active one (rollback or promotion) in one transaction. */
    async activate(character: CharacterKey, version: number): Promise<VersionRow | undefined> {
      return db.transaction(async (tx) => {
        await lockFigure(tx, character);
        const [target] = await tx
          .select(versionColumns)
          .from(modelVersions)
          .where(and(eq(modelVersions.character, character), eq(modelVersions.version, version)));
        if (!target) return undefined;
        if (target.status === 'active') return asVersion(target);
        await tx
          .update(modelVersions)
          .set({ status: 'retired' })
          .where(and(eq(modelVersions.character, character), eq(modelVersions.status, 'active')));
        const [updated] = await tx
          .update(modelVersions)
          .set({ status: 'active', activatedAt: sql`now()` })
          .where(eq(modelVersions.id, target.id))
          .returning(versionColumns);
        return updated ? asVersion(updated) : undefined;
      });
    },

    /**
     * Deletes a version that is not active, with its files (they cascade). `active` when it is
     * the active one (nothing deleted), undefined when there is no such version.
     */
    async purge(
      character: CharacterKey,
      version: number,
    ): Promise<{ bytes: number } | 'active' | undefined> {
      return db.transaction(async (tx) => {
        await lockFigure(tx, character);
        const [target] = await tx
          .select({
            id: modelVersions.id,
            status: modelVersions.status,
            bytes: modelVersions.bytes,
          })
          .from(modelVersions)
          .where(and(eq(modelVersions.character, character), eq(modelVersions.version, version)));
        if (!target) return undefined;
        if (target.status === 'active') return 'active';
        await tx.delete(modelVersions).where(eq(modelVersions.id, target.id));
        return { bytes: target.bytes };
      });
    },

    /** Every stored file of a figure's version (none when the version does not exist). */
    async readVersionFiles(character: CharacterKey, version: number): Promise<StoredFile[]> {
      const rows = await db
        .select(storedFileColumns)
        .from(modelFiles)
        .innerJoin(modelVersions, eq(modelVersions.id, modelFiles.versionId))
        .where(and(eq(modelVersions.character, character), eq(modelVersions.version, version)));
      return rows.map((r) => ({ ...r, name: r.name as ModelFileName }));
    },

    /** One file of a figure's version, or undefined. */
    async readFile(
      character: CharacterKey,
      version: number,
      name: ModelFileName,
    ): Promise<StoredFile | undefined> {
      const [row] = await db
        .select(storedFileColumns)
        .from(modelFiles)
        .innerJoin(modelVersions, eq(modelVersions.id, modelFiles.versionId))
        .where(
          and(
            eq(modelVersions.character, character),
            eq(modelVersions.version, version),
            eq(modelFiles.name, name),
          ),
        )
        .limit(1);
      return row ? { ...row, name: row.name as ModelFileName } : undefined;
    },
  };
}
export type ModelRepository = ReturnType<typeof createModelRepository>;
