import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { team } from '@/config/team';
import { renderToString } from 'react-dom/server';
import { HydrationBoundary } from '@/prerender/hydration';
import { TeamCarousel } from './team-carousel';

const position = () => screen.getByText(/^\d \/ 6$/).textContent;
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('team carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.innerWidth = 390;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the six sample members, each with a photo and marked as a sample, with no links', () => {
    render(<TeamCarousel members={team} />);
    const slides = screen.getAllByRole('group');
    expect(slides).toHaveLength(6);
    for (const [i, member] of team.entries()) {
      const slide = slides[i]!;
      expect(within(slide).getByRole('heading', { name: member.name })).toBeInTheDocument();
      expect(within(slide).getByText(member.role)).toBeInTheDocument();
      expect(within(slide).getByRole('img', { name: `Foto ${member.name}` })).toHaveAttribute(
        'src',
        member.image,
      );
      expect(within(slide).getByText('Profil contoh')).toBeInTheDocument();
      expect(within(slide).queryByRole('link')).toBeNull();
    }
  });

  it("shows a real member's LinkedIn and GitHub links, opening in a new tab", () => {
    const member = {
      ...team[0]!,
      linkedin: 'https://www.linkedin.com/in/anggota-tim',
      github: 'https://github.com/anggota-tim',
    };
    render(<TeamCarousel members={[member, ...team.slice(1)]} />);
    const slide = screen.getAllByRole('group')[0]!;
    expect(within(slide).getByRole('link', { name: /^LinkedIn/ })).toHaveAttribute(
      'href',
      member.linkedin,
    );
    expect(within(slide).getByRole('link', { name: /^GitHub/ })).toHaveAttribute(
      'href',
      member.github,
    );
    expect(within(slide).queryByText('Profil contoh')).toBeNull();
  });

  it('advances every 4 seconds and loops after the last member', () => {
    render(<TeamCarousel members={team} />);
    expect(position()).toBe('1 / 6');
    advance(3900);
    expect(position()).toBe('1 / 6');
    advance(100);
    expect(position()).toBe('2 / 6');
    for (let i = 0; i < 4; i += 1) advance(4000);
    expect(position()).toBe('6 / 6');
    advance(4000);
    expect(position()).toBe('1 / 6');
  });

  it('pauses while the pointer hovers over it', () => {
    render(<TeamCarousel members={team} />);
    const region = screen.getByRole('region', { name: 'Tim pengembang' });
    fireEvent.mouseEnter(region);
    advance(12000);
    expect(position()).toBe('1 / 6');
    fireEvent.mouseLeave(region);
    advance(4000);
    expect(position()).toBe('2 / 6');
  });

  it('renders near the viewport, waits while scrolled out of view, and resumes when back', () => {
    // jsdom has no IntersectionObserver: a minimal one the test drives by hand.
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      render(<TeamCarousel members={team} />);
      // Far from the viewport, only the placeholder is there; near it, the carousel renders.
      expect(screen.queryByRole('group')).toBeNull();
      act(() => report?.([{ isIntersecting: true }]));
      expect(screen.getAllByRole('group')).toHaveLength(6);
      act(() => report?.([{ isIntersecting: false }]));
      advance(12000);
      expect(position()).toBe('1 / 6');
      act(() => report?.([{ isIntersecting: true }]));
      advance(4000);
      expect(position()).toBe('2 / 6');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('can be paused with its button', () => {
    render(<TeamCarousel members={team} />);
    fireEvent.click(screen.getByRole('button', { name: 'Jeda putar otomatis' }));
    advance(12000);
    expect(position()).toBe('1 / 6');
  });

  it('moves with the previous and next buttons, looping both ways', () => {
    render(<TeamCarousel members={team} />);
    fireEvent.click(screen.getByRole('button', { name: 'Anggota sebelumnya' }));
    expect(position()).toBe('6 / 6');
    advance(800);
    fireEvent.click(screen.getByRole('button', { name: 'Anggota berikutnya' }));
    expect(position()).toBe('1 / 6');
  });
});

describe('prerendered team carousel', () => {
  it('keeps the carousel\u2019s place without slides or style attributes until hydrated', () => {
    const html = renderToString(
      <HydrationBoundary>
        <TeamCarousel members={team} />
      </HydrationBoundary>,
    );
    expect(html).toContain('data-carousel-placeholder');
    expect(html).not.toMatch(/ style=/);
    expect(html).not.toContain('aria-roledescription="slide"');
  });
});
