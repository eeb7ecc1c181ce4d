import { CHARACTER_NAMES, type CharacterKey } from '@dwitunggal/contracts/characters';
import { LEARNING_MESSAGES } from '@dwitunggal/contracts/learning';
import {
  type InboxActionData,
  type InboxPage,
  type RegressionData,
} from '@dwitunggal/contracts/schemas/learning';
import { cleanPhrases, foldPhrase, INPUT_LENGTH_MAX, INPUTS_MAX } from '@dwitunggal/contracts/tags';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TagService } from '../tags/service';
import { groupKeyOf } from './grouping';
import { suggestTag } from './suggest';
import { createBatcher } from '../../lib/batcher';
import type { InboxRepository, InboxSource, NewInboxItem } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often expired items are removed (and once at start). */
export const INBOX_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** Questions in the regression listing per page. */
export const REGRESSION_PAGE_MAX = 1000;

export interface InboxSignal {
  character: CharacterKey;
  question: string;
  source: InboxSource;
  suggestedTag?: string | null;
  suggestedConfidence?: number | null;
}

interface ActionBody {
  groupIds: number[];
  action: 'add' | 'create' | 'ignore';
  tagId?: string | undefined;
  tagName?: string | undefined;
  responses?: string[] | undefined;
}

/**
 * The curators' inbox: learners' questions the figures could not answer well, grouped by
 * similarity, without any user identity. Writers (the conversation sync, the rag chat route,
 * feedback) call `record` for learners who contribute; admins list and act on groups. Items
 * expire after the retention, once at start and every hour.
 */
export function createInboxService(deps: {
  repo: InboxRepository;
  tags: TagService;
  retentionDays: number;
  now: () => number;
  onError: (err: unknown) => void;
}) {
  const { repo, tags } = deps;
  let timer: NodeJS.Timeout | null = null;
  // Group commit (lib/batcher.ts): the signals that arrive together are written in one
  // statement, which also checks that each learner contributes.
  const writes = createBatcher(async (items: (NewInboxItem & { userId: string })[]) => {
    await repo.addFromLearners(items);
    return items.map(() => undefined);
  });

  const expire = () => repo.expire(new Date(deps.now() - deps.retentionDays * DAY_MS));

  /** Adds questions of the groups to a tag (or a new one), records them, marks the groups. */
  const annotate = async (
    character: CharacterKey,
    ids: number[],
    target: { tag: string; responses: string[]; mustBeNew: boolean },
  ) => {
    const questions = cleanPhrases(await repo.questionsOf(ids, INPUTS_MAX)).filter(
      (q) => q.length <= INPUT_LENGTH_MAX,
    );
    if (questions.length === 0) throw badRequest(LEARNING_MESSAGES.nothingToAdd);
    if (target.mustBeNew) {
      const clash = (await tags.list(character)).some(
        (t) => foldPhrase(t.tag) === foldPhrase(target.tag),
      );
      if (clash)
        throw conflict(LEARNING_MESSAGES.tagExists, { tagName: LEARNING_MESSAGES.tagExists });
    }
    const result = await tags.createOrMerge({
      nama: CHARACTER_NAMES[character],
      tag: target.tag,
      input: questions,
      responses: target.responses,
    });
    await repo.addRegression(character, questions, result.tag.tag, new Date(deps.now()));
    await repo.setStatus(ids, 'added');
    return { tag: { id: result.tag.id, tag: result.tag.tag }, questionsAdded: result.added_inputs };
  };

  return {
    /**
     * Stores one signal for a learner, unless they opted out or the question has no words. A
     * signal without a tag (rag declined, a thumbs down on a rag answer) gets the lexically
     * nearest tag of the figure, when one is near enough.
     */
    async record(userId: string, signal: InboxSignal): Promise<void> {
      const groupKey = groupKeyOf(signal.question);
      if (!groupKey) return;
      const suggested = signal.suggestedTag
        ? { tag: signal.suggestedTag, confidence: signal.suggestedConfidence ?? null }
        : suggestTag(signal.question, await tags.list(signal.character));
      await writes.add({
        userId,
        character: signal.character,
        groupKey,
        question: signal.question,
        source: signal.source,
        suggestedTag: suggested?.tag ?? null,
        suggestedConfidence: suggested?.confidence ?? null,
        at: new Date(deps.now()),
      });
    },

    /** Like `record`, but a failure is reported, not thrown: the learner's request goes on. */
    async recordQuietly(userId: string, signal: InboxSignal): Promise<void> {
      try {
        await this.record(userId, signal);
      } catch (err) {
        deps.onError(err);
      }
    },

    expire,

    /** Expires once now, then every hour, until `stop`. */
    start(): void {
      const run = () => void expire().catch(deps.onError);
      run();
      timer = setInterval(run, INBOX_CLEANUP_INTERVAL_MS);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },

    list(character: CharacterKey, limit: number, offset: number): Promise<InboxPage> {
      return repo.listOpen(character, limit, offset);
    },

    async summary(character: CharacterKey): Promise<{ open: number }> {
      return { open: await repo.openCount(character) };
    },

    regression(character: CharacterKey, limit: number, offset: number): Promise<RegressionData> {
      return repo.regression(character, limit, offset);
    },

    /**
     * add: the groups' distinct questions become inputs of an existing tag (through the tag
     * service: its limits, locks and caches apply); create: a new tag with them as inputs and
     * the given responses (within the 15-tag limit); ignore: the groups leave the inbox and
     * stay out when their questions come back. Added questions join the regression set.
     */
    async act(character: CharacterKey, body: ActionBody): Promise<InboxActionData> {
      const ids = [...new Set(body.groupIds)];
      const found = await repo.existing(character, ids);
      if (found.length !== ids.length) throw notFound(LEARNING_MESSAGES.groupsNotFound);
      const done = { action: body.action, groups: ids.length };
      if (body.action === 'ignore') {
        await repo.setStatus(ids, 'ignored');
        return { ...done, questionsAdded: 0, tag: null };
      }
      if (body.action === 'add') {
        const tag = await tags.get(body.tagId as string);
        if (tag.nama !== CHARACTER_NAMES[character])
          throw badRequest(LEARNING_MESSAGES.tagOtherFigure, {
            tagId: LEARNING_MESSAGES.tagOtherFigure,
          });
        return {
          ...done,
          ...(await annotate(character, ids, {
            tag: tag.tag,
            responses: tag.responses,
            mustBeNew: false,
          })),
        };
      }
      return {
        ...done,
        ...(await annotate(character, ids, {
          tag: body.tagName as string,
          responses: body.responses as string[],
          mustBeNew: true,
        })),
      };
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
