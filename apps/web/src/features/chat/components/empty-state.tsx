import type { ChatCharacter } from '../config/characters';
import { IconQuote } from './chat-icons';
import { Portrait } from './portrait';

/** Spec section 2: the empty conversation offers four starter prompts. */
export function EmptyState({
  character,
  starters,
  disabled,
  onPick,
}: {
  character: ChatCharacter;
  starters: readonly string[];
  disabled: boolean;
  onPick: (text: string) => void;
}) {
  return (
    <div
      data-empty-history
      className="mx-auto flex w-full max-w-2xl flex-col items-center px-1 py-6 text-center sm:py-10"
    >
      <div className="relative">
        <Portrait character={character} className="size-24 shadow-kartu sm:size-28" />
        <span
          className="garis-bendera absolute -right-1 bottom-1 block h-4 w-6 rounded-[3px]"
          aria-hidden="true"
        />
      </div>
      <h2 className="mt-5 text-2xl font-bold sm:text-[1.75rem]">
        Mulai bercakap dengan {character.honorific}
      </h2>
      <p className="mt-2 max-w-lg leading-relaxed text-tinta-600">{character.blurb}</p>
      <p
        id={`pembuka-${character.key}`}
        className="mt-7 text-xs font-semibold tracking-[0.16em] text-merah-700 uppercase"
      >
        Coba tanyakan
      </p>
      <ul
        aria-labelledby={`pembuka-${character.key}`}
        className="mt-3 grid w-full gap-2.5 text-left sm:grid-cols-2"
      >
        {starters.map((text) => (
          <li key={text}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(text)}
              className="group flex h-full min-h-14 w-full items-start gap-3 rounded-2xl border border-kertas-300 bg-white px-4 py-3 text-left text-[0.95rem] leading-snug font-medium text-tinta-800 shadow-sm transition-[border-color,box-shadow,transform] hover:-translate-y-px hover:border-merah-300 hover:shadow-kartu disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:translate-y-0"
            >
              <IconQuote className="mt-0.5 size-4.5 shrink-0 text-merah-600" />
              <span>{text}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
