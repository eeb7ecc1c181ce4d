import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StampPress } from './stamp-press';

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion: reduce'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the retraining animation', () => {
  it('animates the sheet and the stamp', () => {
    prefersReducedMotion(false);
    const { container } = render(<StampPress />);
    expect(screen.getByRole('img', { name: /lembar arsip diketik lalu dicap/ })).toHaveAttribute(
      'data-motion',
      'animated',
    );
    expect(container.querySelectorAll('animate, animateTransform').length).toBeGreaterThan(0);
  });

  it('stands still when the user prefers reduced motion', () => {
    prefersReducedMotion(true);
    const { container } = render(<StampPress />);
    expect(screen.getByRole('img')).toHaveAttribute('data-motion', 'still');
    expect(container.querySelectorAll('animate, animateTransform')).toHaveLength(0);
  });
});
