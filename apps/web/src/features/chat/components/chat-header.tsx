import { cn } from '@/lib/cn';
import { achievementPercent, type ChatCharacter, type ChatModel } from '../config/characters';
import { IconEraser, IconPanel } from './chat-icons';
import { Portrait } from './portrait';

/** Spec section 2: the chat header with the character. */
export function ChatHeader({
  character,
  model,
  achievementCount,
  canClear,
  onClear,
  showPanelButton,
  panelButtonClassName,
  panelOpen,
  panelId,
  onOpenPanel,
}: {
  character: ChatCharacter;
  model: ChatModel;
  achievementCount: number;
  canClear: boolean;
  onClear: () => void;
  showPanelButton: boolean;
  panelButtonClassName?: string | undefined;
  panelOpen: boolean;
  panelId: string;
  onOpenPanel: () => void;
}) {
  return (
    <header className="flex items-center gap-2 border-b border-kertas-300 bg-kertas-50/95 px-3 py-2.5 sm:gap-3 sm:px-5">
      <Portrait character={character} className="size-10 sm:size-11" />
      <div className="min-w-0 flex-1">
        {/* The full name on a phone: a smaller size, and a second line rather than an ellipsis. */}
        <h1 className="text-base leading-tight font-bold break-words sm:text-xl">
          <span className="sr-only">Percakapan dengan</span> {character.name}
        </h1>
        <p className="flex items-center gap-1.5 truncate text-xs text-tinta-600 sm:text-sm">
          <span className="truncate sm:hidden">{character.years}</span>
          <span className="hidden truncate sm:inline">{character.title}</span>
          <span aria-hidden="true">·</span>
          <span className="shrink-0 font-semibold text-merah-700">
            <span className="sr-only">Model: </span>
            {model === 'tfjs' ? 'TF.js' : 'RAG'}
          </span>
        </p>
      </div>
      <button
        type="button"
        onClick={onClear}
        disabled={!canClear}
        className="flex min-h-11 shrink-0 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-tinta-700 hover:bg-kertas-200/70 hover:text-tinta-900 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent"
      >
        <IconEraser className="size-5" />
        <span className="sr-only sm:not-sr-only">Hapus riwayat</span>
      </button>
      {showPanelButton && (
        <button
          type="button"
          onClick={onOpenPanel}
          aria-expanded={panelOpen}
          aria-controls={panelId}
          className={cn(
            'relative flex min-h-11 shrink-0 items-center gap-2 rounded-xl border border-kertas-300 bg-white px-3 text-sm font-semibold text-tinta-800 shadow-sm hover:border-tinta-400',
            panelButtonClassName,
          )}
        >
          <IconPanel className="size-5" />
          <span className="sr-only sm:not-sr-only">Profil & pencapaian</span>
          <span className="rounded-full bg-merah-700 px-1.5 py-px text-[0.7rem] font-bold text-white">
            <span className="sr-only">, pencapaian </span>
            {achievementPercent(achievementCount)}%
          </span>
        </button>
      )}
    </header>
  );
}
