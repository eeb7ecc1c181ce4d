import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { CloseButton } from '@/components/ui/close-button';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/prerender/hydration';
import { pageSettled } from '@/lib/when-idle';
import { CHARACTERS, SCROLL_BUTTON_THRESHOLD } from '../config/characters';
import { failureText } from '../lib/chat-failure';
import { STARTERS } from '../config/starters';
import { useChat } from '../hooks/use-chat';
import { BREAKPOINTS } from '@/config/breakpoints';
import { OPEN_PRIVACY_SETTING } from '@/config/events';
import { useMinWidth } from '@/lib/min-width';
import { prepareModel, useTagName } from '../lib/model-manager';
import { useAchievements } from '../stores/achievements';
import { clearHistory } from '../stores/chat-history';
import { recordClear } from '../learning/record';
import { modelPreference } from '../stores/model-preference';
import { ChatHeader } from './chat-header';
import { IconArrowDown, IconMedal } from './chat-icons';
import { ChatInput } from './chat-input';
import { EmptyState } from './empty-state';
import { MessageBubble, StreamingBubble } from './message-bubble';
import { AchievementProgress, ModelSelector, ProfileCard } from './side-panel';
import { TypingIndicator } from './typing-indicator';

/** The chat screen of one figure (spec section 2, "Chat screen"). */
export function ChatScreen({
  characterKey,
  learnerId,
}: {
  characterKey: CharacterKey;
  /** The signed-in account, whose history and achievements are kept on the server too. */
  learnerId?: string | undefined;
}) {
  const character = CHARACTERS[characterKey];
  const chat = useChat(characterKey, learnerId);
  const tagName = useTagName(characterKey);
  const { messages, model, loading, streamingText } = chat;
  const achieved = useAchievements(characterKey);
  // A prerendered chat (the same for every visitor and width until hydrated) places the side
  // panel and its button with CSS: a column from 1280 px, a closed drawer under it.
  const prerender = !useHydrated();
  const wide = useMinWidth(BREAKPOINTS.panelColumn) || prerender;
  // Once hydrated, the stored history is on screen: the prerendered page's mark goes (index.css).
  useLayoutEffect(() => {
    if (!prerender) document.documentElement.removeAttribute('data-stored-history');
  }, [prerender]);
  const [draft, setDraft] = useState('');
  const [panelOpen, setPanelOpen] = useState(false);
  const [showScrollButton, setShowScrollButton] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const panelButtonRef = useRef<HTMLElement | null>(null);
  const panelCloseRef = useRef<HTMLButtonElement>(null);
  const panelId = `panel-${characterKey}`;

  // TF.js and the model load in the background: never on the critical path, never blocking
  // typing. On a freshly loaded page they wait until it has settled (checking the model's
  // answer loads the contract's schemas), or start as soon as the learner moves into the input;
  // on an in-app navigation they start at once. Errors surface when a message is sent. Not
  // before a prerendered chat is hydrated: until then `model` is the default, not the
  // learner's choice.
  const prepare = !prerender && model === 'tfjs';
  useEffect(() => {
    if (!prepare) return;
    let left = false;
    void pageSettled().then(() => {
      if (!left) prepareModel(characterKey);
    });
    return () => {
      left = true;
    };
  }, [prepare, characterKey]);
  const prepareNow = () => {
    if (prepare) prepareModel(characterKey);
  };

  const scrollToBottom = useCallback((behavior: ScrollBehavior) => {
    const el = listRef.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior });
    nearBottom.current = true;
    setShowScrollButton(false);
  }, []);

  // Follow the conversation while the reader is at the bottom (or has just sent a message).
  const last = messages[messages.length - 1];
  const empty = messages.length === 0 && !loading;
  useLayoutEffect(() => {
    if (empty) return; // the empty state reads from the top
    if (nearBottom.current || last?.sender === 'user') scrollToBottom('auto');
  }, [empty, messages.length, last?.sender, loading, streamingText, chat.unlocked, scrollToBottom]);

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
    nearBottom.current = distance <= SCROLL_BUTTON_THRESHOLD;
    setShowScrollButton(distance > SCROLL_BUTTON_THRESHOLD);
  };

  /** Sends `text`; a draft is cleared as it leaves (a starter leaves the draft alone). */
  const send = (text: string, fromDraft: boolean) => {
    if (!text.trim() || loading) return;
    if (fromDraft) setDraft('');
    void chat.send(text);
  };

  const onClear = () => {
    if (
      window.confirm(
        `Hapus seluruh riwayat percakapan dengan ${character.name}? Pencapaian Anda tetap tersimpan.`,
      )
    ) {
      clearHistory(characterKey);
      recordClear(learnerId, characterKey);
      chat.dismissError();
    }
  };

  // The drawer (under 1280 px): Escape closes it; focus moves in, and back to the opener.
  const drawer = !wide;
  const drawerOpen = drawer && panelOpen;
  useEffect(() => {
    if (!drawerOpen) return;
    const opener = document.activeElement as HTMLElement | null;
    panelButtonRef.current = opener;
    panelCloseRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setPanelOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      panelButtonRef.current?.focus();
    };
  }, [drawerOpen]);

  return (
    <div className="-mx-4 -my-6 flex h-[calc(100dvh-4rem)] sm:-mx-6 lg:-mx-10 lg:-my-10">
      <title>{`Tanya ${character.honorific} · Dwitunggal`}</title>
      <section
        className="flex min-w-0 flex-1 flex-col"
        aria-label={`Percakapan dengan ${character.name}`}
      >
        <ChatHeader
          character={character}
          model={model}
          achievementCount={achieved.length}
          canClear={messages.length > 0 && !loading}
          onClear={onClear}
          showPanelButton={prerender || drawer}
          panelButtonClassName={prerender ? 'xl:hidden' : undefined}
          panelOpen={drawerOpen}
          panelId={panelId}
          onOpenPanel={() => setPanelOpen(true)}
        />

        <div className="relative min-h-0 flex-1">
          <div
            ref={listRef}
            onScroll={onScroll}
            className="kertas-tekstur h-full overflow-y-auto overscroll-contain px-3 py-5 sm:px-6"
            data-testid="message-scroller"
          >
            {empty ? (
              <EmptyState
                character={character}
                starters={STARTERS[characterKey]}
                disabled={loading}
                onPick={(text) => send(text, false)}
              />
            ) : (
              // The log wraps the list: a role on the <ol> itself would hide its list semantics.
              <div role="log" aria-label={`Pesan dengan ${character.name}`} aria-live="polite">
                <ol className="mx-auto flex w-full max-w-3xl flex-col gap-4">
                  {messages.map((message) => (
                    <MessageBubble
                      key={message.id}
                      message={message}
                      character={character}
                      learnerId={learnerId}
                      onChoose={chat.choose}
                    />
                  ))}
                  {loading &&
                    (streamingText ? (
                      <StreamingBubble text={streamingText} character={character} />
                    ) : (
                      <TypingIndicator character={character} />
                    ))}
                </ol>
              </div>
            )}
          </div>

          {showScrollButton && (
            <button
              type="button"
              onClick={() => scrollToBottom('smooth')}
              className="absolute right-4 bottom-4 z-10 grid size-11 place-items-center rounded-full border border-kertas-300 bg-white text-tinta-800 shadow-angkat hover:bg-kertas-100 animate-muncul"
              aria-label="Gulir ke pesan terbaru"
            >
              <IconArrowDown className="size-5" />
            </button>
          )}
        </div>

        <div
          className="border-t border-kertas-300 bg-kertas-50 px-3 pt-3 pb-3 sm:px-6"
          onFocus={prepareNow}
        >
          <div className="mx-auto w-full max-w-3xl space-y-2.5">
            {/* In the flow above the input, never over a message; the region stays mounted so
                that screen readers announce each new achievement politely. */}
            <div role="status" aria-live="polite" className="empty:hidden">
              {chat.unlocked && (
                <div className="flex items-center gap-2.5 rounded-full bg-tinta-900 py-1 pr-1 pl-1.5 text-sm font-medium text-kertas-50 shadow-angkat animate-muncul">
                  <span className="grid size-7 shrink-0 place-items-center rounded-full bg-merah-700 text-emas-300">
                    <IconMedal className="size-4.5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    Pencapaian baru: <strong>{tagName(chat.unlocked)}</strong>
                  </span>
                  <CloseButton
                    label="Tutup pemberitahuan pencapaian"
                    onClick={chat.dismissUnlock}
                    className="size-9 rounded-full text-kertas-200 hover:bg-tinta-800 hover:text-white"
                    iconClassName="size-4.5"
                  />
                </div>
              )}
            </div>
            {chat.failure && (
              <Alert tone="error">
                <p>{failureText(chat.failure.kind, chat.failure.retryAfter)}</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <button
                    type="button"
                    onClick={() => void chat.retry()}
                    disabled={loading}
                    className="min-h-11 rounded-xl bg-merah-700 px-4 text-sm font-semibold text-white hover:bg-merah-800 disabled:opacity-50"
                  >
                    Coba lagi
                  </button>
                  <button
                    type="button"
                    onClick={chat.dismissError}
                    className="min-h-11 rounded-xl px-3 text-sm font-semibold text-merah-800 hover:bg-merah-100"
                  >
                    Tutup
                  </button>
                </div>
              </Alert>
            )}
            <ChatInput
              character={character}
              value={draft}
              onChange={setDraft}
              onSubmit={() => send(draft, true)}
              loading={loading}
            />
            <p className="px-2 text-xs leading-snug text-tinta-600">
              Pertanyaan Anda membantu menyempurnakan para tokoh.{' '}
              <button
                type="button"
                onClick={() => window.dispatchEvent(new Event(OPEN_PRIVACY_SETTING))}
                className="font-semibold text-merah-700 underline underline-offset-2 hover:text-merah-800"
              >
                Atur privasi
              </button>
            </p>
          </div>
        </div>
      </section>

      {drawerOpen && (
        <div
          className="fixed inset-0 z-30 bg-tinta-900/45 backdrop-blur-[1px] animate-muncul"
          aria-hidden="true"
          onClick={() => setPanelOpen(false)}
        />
      )}
      <aside
        id={panelId}
        aria-label={`Profil dan pencapaian ${character.name}`}
        role={drawer ? 'dialog' : 'complementary'}
        aria-modal={drawerOpen ? true : undefined}
        inert={drawer && !drawerOpen}
        className={cn(
          'flex flex-col overflow-y-auto border-kertas-300 bg-kertas-100',
          prerender
            ? 'border-l max-xl:invisible max-xl:fixed max-xl:inset-y-0 max-xl:right-0 max-xl:z-40 max-xl:w-[min(22rem,90vw)] max-xl:translate-x-full xl:w-[21rem] xl:shrink-0'
            : drawer
              ? cn(
                  'fixed inset-y-0 right-0 z-40 w-[min(22rem,90vw)] border-l shadow-angkat transition-[transform,visibility] duration-300 ease-[var(--ease-arsip)]',
                  drawerOpen ? 'visible translate-x-0' : 'invisible translate-x-full',
                )
              : 'w-[21rem] shrink-0 border-l',
        )}
      >
        {drawer && (
          <div className="sticky top-0 z-10 flex h-16 shrink-0 items-center justify-between border-b border-kertas-300 bg-kertas-100 px-4">
            <span className="font-display text-lg font-bold text-tinta-900">
              Profil & pencapaian
            </span>
            <CloseButton
              ref={panelCloseRef}
              label="Tutup panel"
              onClick={() => setPanelOpen(false)}
              className="size-11 rounded-xl text-tinta-700 hover:bg-kertas-200"
              iconClassName="size-6"
            />
          </div>
        )}
        <div className="space-y-4 p-4">
          <ProfileCard character={character} />
          <ModelSelector
            character={character}
            value={model}
            onChange={(next) => modelPreference(characterKey).set(next)}
          />
          <AchievementProgress character={character} tags={achieved} />
        </div>
      </aside>
    </div>
  );
}
