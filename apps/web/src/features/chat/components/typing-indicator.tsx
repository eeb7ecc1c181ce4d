import type { ChatCharacter } from '../config/characters';
import { Portrait } from './portrait';

/** Spec section 2: shown while the figure is answering. */
export function TypingIndicator({ character }: { character: ChatCharacter }) {
  return (
    <li className="flex items-end gap-2.5 animate-muncul sm:gap-3">
      <Portrait character={character} className="size-9" />
      <div
        role="status"
        className="flex items-center gap-1.5 rounded-2xl rounded-bl-md border border-kertas-300 bg-white px-4 py-3.5 shadow-sm"
      >
        <span className="sr-only">{character.honorific} sedang mengetik…</span>
        {[0, 180, 360].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            className="size-2 animate-denyut rounded-full bg-tinta-500"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </div>
    </li>
  );
}
