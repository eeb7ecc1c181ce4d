import { memo } from 'react';
import { IconAlert } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { ChatCharacter } from '../config/characters';
import { formatElapsed, formatPercent, formatTimestamp } from '../lib/format';
import { useTagName } from '../lib/model-manager';
import type { ChatMessage } from '../stores/chat-history';
import { AnswerFeedback } from './answer-feedback';
import { Portrait } from './portrait';
import { SourceList } from './source-list';

/**
 * 'HH:MM, day month-name' · elapsed seconds · (tfjs) the tag's display name and rounded
 * probability.
 */
export function MetaLine({
  message,
  align,
  character,
}: {
  message: ChatMessage;
  align: 'start' | 'end';
  character: CharacterKey;
}) {
  const tagName = useTagName(character);
  const date = new Date(message.timestamp);
  const valid = !Number.isNaN(date.getTime());
  const meta = message.meta;
  const showTag = meta?.model === 'tfjs' && meta.tag && typeof meta.probability === 'number';
  return (
    <p
      className={cn(
        'mt-1.5 flex flex-wrap items-center gap-x-1.5 gap-y-1 px-1 text-xs text-tinta-600',
        align === 'end' && 'justify-end',
      )}
      data-testid="message-meta"
    >
      {valid && <time dateTime={message.timestamp}>{formatTimestamp(date)}</time>}
      {meta?.elapsedSeconds !== undefined && message.sender !== 'user' && (
        <>
          <span aria-hidden="true">·</span>
          <span>{formatElapsed(meta.elapsedSeconds)}</span>
        </>
      )}
      {showTag && (
        <>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <span className="sr-only">Topik</span>
            <span className="rounded-md bg-kertas-200 px-1.5 py-px text-[0.7rem] text-tinta-800">
              {tagName(meta.tag as string)}
            </span>
            <span className="font-semibold text-tinta-700">
              {formatPercent(meta.probability ?? 0)}
            </span>
          </span>
          {meta.lowConfidence && (
            <span className="rounded-md border border-emas-400/60 px-1.5 py-px text-[0.7rem] text-tinta-700">
              keyakinan rendah
            </span>
          )}
        </>
      )}
      {meta?.model === 'rag' && message.sender !== 'user' && !message.isError && (
        <>
          <span aria-hidden="true">·</span>
          <span>RAG</span>
        </>
      )}
    </p>
  );
}

type BubbleProps = {
  message: ChatMessage;
  character: ChatCharacter;
  /** The signed-in learner: a figure's answer can then be rated. */
  learnerId?: string | undefined;
  /** A close call's button was pressed ("Maksud Anda ...?"): answer with that tag. */
  onChoose?: ((promptId: string, tag: string) => void) | undefined;
};

/**
 * One message of the log. A message never changes once appended (same id, same content) but for
 * the learner's rating, so a bubble renders once and again only when rated: appending to a long
 * conversation re-renders only the new bubbles, and the classifier's answer is not kept waiting
 * behind a re-render of the whole log.
 */
export const MessageBubble = memo(
  MessageBubbleView,
  (prev: BubbleProps, next: BubbleProps) =>
    prev.message.id === next.message.id &&
    prev.message.meta?.rating === next.message.meta?.rating &&
    prev.message.meta?.chosen === next.message.meta?.chosen &&
    prev.onChoose === next.onChoose &&
    prev.character.key === next.character.key &&
    prev.learnerId === next.learnerId,
);

/** The two tags of a close call as buttons; disabled once one was chosen. */
function TagChoices({
  message,
  onChoose,
}: {
  message: ChatMessage;
  onChoose: BubbleProps['onChoose'];
}) {
  const choices = message.meta?.choices ?? [];
  if (choices.length === 0) return null;
  const chosen = message.meta?.chosen;
  return (
    <div role="group" aria-label="Pilih maksud Anda" className="mt-2 flex flex-wrap gap-2">
      {choices.map((c) => (
        <button
          key={c.tag}
          type="button"
          disabled={chosen !== undefined || !onChoose}
          aria-pressed={chosen === c.tag}
          onClick={() => onChoose?.(message.id, c.tag)}
          className={cn(
            'min-h-11 rounded-full border px-4 py-2 text-sm font-medium transition-colors',
            chosen === c.tag
              ? 'border-merah-700 bg-merah-700 text-white'
              : 'border-merah-300 bg-white text-merah-800 hover:bg-merah-50 disabled:opacity-60',
          )}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}

function MessageBubbleView({ message, character, learnerId, onChoose }: BubbleProps) {
  if (message.sender === 'user') {
    return (
      <li className="flex flex-col items-end animate-muncul">
        <div className="max-w-[88%] rounded-2xl rounded-br-md bg-merah-700 px-4 py-2.5 text-[0.97rem] leading-relaxed whitespace-pre-wrap text-white shadow-sm [overflow-wrap:anywhere] sm:max-w-[75%]">
          <span className="sr-only">Anda: </span>
          {message.text}
        </div>
        <MetaLine message={message} align="end" character={character.key} />
      </li>
    );
  }

  const sources = message.meta?.sources ?? [];
  return (
    <li className="flex items-start gap-2.5 animate-muncul sm:gap-3">
      <Portrait character={character} className="mt-0.5 size-9" />
      <div className="flex max-w-[88%] min-w-0 flex-col items-start sm:max-w-[80%]">
        <div
          className={cn(
            'max-w-full rounded-2xl rounded-tl-md border px-4 py-2.5 text-[0.97rem] leading-relaxed shadow-sm [overflow-wrap:anywhere]',
            message.isError
              ? 'border-merah-200 bg-merah-50 text-merah-800'
              : 'border-kertas-300 bg-white text-tinta-900',
          )}
          data-error={message.isError ? 'true' : undefined}
        >
          <span className="sr-only">{character.name}: </span>
          <p className="whitespace-pre-wrap">
            {message.isError && (
              <IconAlert className="mr-1.5 mb-0.5 inline size-4.5 align-middle" />
            )}
            {message.text}
          </p>
          <SourceList sources={sources} />
        </div>
        <TagChoices message={message} onChoose={onChoose} />
        <MetaLine message={message} align="start" character={character.key} />
        {learnerId && !message.isError && !message.meta?.choices && (
          <AnswerFeedback
            character={character.key}
            messageId={message.id}
            userId={learnerId}
            rating={message.meta?.rating}
          />
        )}
      </div>
    </li>
  );
}

/** The answer as it streams in (rag): hidden from screen readers until it is complete. */
export function StreamingBubble({ text, character }: { text: string; character: ChatCharacter }) {
  return (
    <li className="flex items-start gap-2.5 sm:gap-3" aria-hidden="true">
      <Portrait character={character} className="mt-0.5 size-9" />
      <div className="max-w-[88%] rounded-2xl rounded-tl-md border border-kertas-300 bg-white px-4 py-2.5 text-[0.97rem] leading-relaxed whitespace-pre-wrap text-tinta-900 shadow-sm [overflow-wrap:anywhere] sm:max-w-[80%]">
        {text}
        <span className="ml-0.5 inline-block h-4 w-[2px] translate-y-0.5 animate-denyut bg-merah-600" />
      </div>
    </li>
  );
}
