import { cn } from '@/lib/cn';
import type { ChatCharacter } from '../config/characters';

/** The figure's face, cropped from the hero illustration into a round seal. */
export function Portrait({
  character,
  className,
}: {
  character: ChatCharacter;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'relative block shrink-0 overflow-hidden rounded-full border border-kertas-300 bg-kertas-100 ring-2 ring-white',
        className,
      )}
      aria-hidden="true"
    >
      <img
        src={character.art}
        alt=""
        width={400}
        height={300}
        className="absolute top-[-8%] left-1/2 h-[150%] w-auto max-w-none -translate-x-1/2"
      />
    </span>
  );
}
