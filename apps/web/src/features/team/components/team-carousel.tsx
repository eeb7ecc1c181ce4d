import {
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type RefObject,
  type TouchEvent,
} from 'react';
import type { TeamMember } from '@/config/team';
import { IconChevronLeft, IconChevronRight, IconPause, IconPlay } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/prerender/hydration';
import { useCarouselLayout } from '../hooks/use-carousel-layout';
import { MemberCard } from './member-card';

/** Spec section 9: auto-advance every 4000 ms, 800 ms transition, endless loop. */
export const AUTOPLAY_MS = 4000;
export const TRANSITION_MS = 800;

const mod = (n: number, m: number) => ((n % m) + m) % m;

/**
 * Whether the element is on screen (true where IntersectionObserver is missing). Autoplay waits
 * while the carousel is scrolled away: no re-render every 4 s for a carousel nobody sees.
 */
function useOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) setOnScreen(last.isIntersecting);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}

/**
 * True once the element is within `margin` of the viewport and `enabled` (true at once where
 * IntersectionObserver is missing); never true during a render that must match a prerender.
 */
function useNearViewport(
  ref: RefObject<HTMLElement | null>,
  enabled: boolean,
  margin = '400px',
): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!enabled || near) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, enabled, near, margin]);
  return near;
}

/**
 * The team section's carousel, rendered when it comes near the viewport: until then (and on a
 * prerendered /home until hydrated) an empty box keeps its place, at its height at every width
 * (the e2e test checks that nothing below it moves). Below the fold on arrival, its slides would
 * only add to the work of starting the page and to the requests before its first paint.
 */
export function TeamCarousel({ members }: { members: readonly TeamMember[] }) {
  const hydrated = useHydrated();
  const placeholder = useRef<HTMLDivElement>(null);
  const near = useNearViewport(placeholder, hydrated);
  if (!near) {
    return (
      <div ref={placeholder} className="h-[374px]" aria-hidden="true" data-carousel-placeholder />
    );
  }
  return <Carousel members={members} />;
}

/**
 * The team carousel. Loops endlessly with clones on both sides of the real slides; pauses while
 * the pointer hovers it, while focus is inside it, and when the user presses pause. Prev/next
 * buttons only on large screens; swipe on touch screens.
 */
function Carousel({ members }: { members: readonly TeamMember[] }) {
  const { perView, gap } = useCarouselLayout();
  const count = members.length;
  const loops = count > perView;
  const clones = loops ? perView : 0;

  // `offset` is the index of the first visible real slide; it may step one past either end
  // during a transition, then jumps (without animation) back into range.
  const [offset, setOffset] = useState(0);
  const [animate, setAnimate] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const moving = useRef(false);
  const touchX = useRef<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(rootRef);

  const go = useCallback(
    (step: number) => {
      if (!loops || moving.current) return;
      moving.current = true;
      setAnimate(true);
      setOffset((o) => o + step);
    },
    [loops],
  );

  // After a transition: unlock, and normalise an out-of-range offset without animation.
  useEffect(() => {
    if (!loops) return;
    const id = window.setTimeout(() => {
      moving.current = false;
      if (offset < 0 || offset >= count) {
        setAnimate(false);
        setOffset(mod(offset, count));
      }
    }, TRANSITION_MS);
    return () => window.clearTimeout(id);
  }, [offset, count, loops]);

  // Re-enable the animation on the frame after a silent jump.
  useEffect(() => {
    if (animate) return;
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setAnimate(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [animate]);

  const paused = hovered || focused || userPaused || !onScreen;
  useEffect(() => {
    if (!loops || paused) return;
    const id = window.setTimeout(() => go(1), AUTOPLAY_MS);
    return () => window.clearTimeout(id);
  }, [offset, paused, loops, go]);

  const onFocusCapture = (e: FocusEvent<HTMLDivElement>, realIndex: number) => {
    setFocused(true);
    // Bring a focused slide into view (keyboard users tabbing through the links).
    const visible = Array.from({ length: perView }, (_, k) => mod(offset + k, count));
    if (!visible.includes(realIndex)) {
      e.currentTarget.closest('[data-viewport]')?.scrollTo({ left: 0 });
      setAnimate(true);
      setOffset(realIndex > count - perView ? count - perView : realIndex);
    }
  };

  const onTouchStart = (e: TouchEvent) => {
    touchX.current = e.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    const end = e.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined) return;
    const dx = end - start;
    if (Math.abs(dx) > 40) go(dx < 0 ? 1 : -1);
  };

  if (count === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-kertas-400 bg-kertas-100 px-6 py-10 text-center text-tinta-600">
        Data tim belum tersedia.
      </p>
    );
  }

  const slides = loops
    ? [...members.slice(count - clones), ...members, ...members.slice(0, clones)]
    : [...members];
  const position = clones + offset;
  const current = mod(offset, count);

  return (
    <div
      ref={rootRef}
      role="region"
      aria-roledescription="carousel"
      aria-label="Tim pengembang"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      {loops && (
        <div className="mb-4 flex items-center justify-end gap-2">
          <p className="mr-auto text-sm text-tinta-600" aria-hidden="true">
            {current + 1} / {count}
          </p>
          <button
            type="button"
            onClick={() => setUserPaused((p) => !p)}
            aria-pressed={userPaused}
            aria-label="Jeda putar otomatis"
            title={userPaused ? 'Lanjutkan putar otomatis' : 'Jeda putar otomatis'}
            className="grid size-11 place-items-center rounded-xl border border-kertas-300 bg-white text-tinta-700 hover:bg-kertas-100"
          >
            {userPaused ? <IconPlay className="size-5" /> : <IconPause className="size-5" />}
          </button>
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label="Anggota sebelumnya"
            className="hidden size-11 place-items-center rounded-xl border border-kertas-300 bg-white text-tinta-700 hover:bg-kertas-100 lg:grid"
          >
            <IconChevronLeft className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label="Anggota berikutnya"
            className="hidden size-11 place-items-center rounded-xl border border-kertas-300 bg-white text-tinta-700 hover:bg-kertas-100 lg:grid"
          >
            <IconChevronRight className="size-5" />
          </button>
        </div>
      )}
      {/* Below the fold on first load: content-visibility skips its layout and paint (and
          its lazy photos) until it nears the viewport; 330 px is its rendered height at every
          breakpoint, so nothing moves when it renders. */}
      <div
        data-viewport
        className="-m-2 overflow-hidden p-2 [contain-intrinsic-size:auto_330px] [content-visibility:auto]"
        onScroll={(e) => {
          // Focus can scroll an overflow:hidden box; the transform is the only source of truth.
          e.currentTarget.scrollLeft = 0;
        }}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <div
          className={cn('flex', animate ? 'ease-[var(--ease-arsip)]' : 'transition-none')}
          style={{
            gap: `${gap}px`,
            transform: `translateX(calc(${-position} * (100% + ${gap}px) / ${perView}))`,
            transitionProperty: animate ? 'transform' : 'none',
            transitionDuration: animate ? `${TRANSITION_MS}ms` : '0ms',
          }}
        >
          {slides.map((member, i) => {
            const isClone = i < clones || i >= clones + count;
            const realIndex = mod(i - clones, count);
            return (
              <div
                key={`${isClone ? 'clone' : 'real'}-${i}`}
                className="min-w-0"
                style={{ flex: `0 0 calc((100% - ${gap * (perView - 1)}px) / ${perView})` }}
                aria-hidden={isClone || undefined}
                inert={isClone || undefined}
                role={isClone ? undefined : 'group'}
                aria-roledescription={isClone ? undefined : 'slide'}
                aria-label={isClone ? undefined : `${realIndex + 1} dari ${count}`}
                onFocusCapture={isClone ? undefined : (e) => onFocusCapture(e, realIndex)}
              >
                <MemberCard member={member} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
