import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from './offline-notice';

const MESSAGE = 'Upss!! sepertinya internet Anda bermasalah';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('offline notice', () => {
  it('appears while the browser is offline and disappears when it is back online', () => {
    render(<OfflineNotice />);
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();

    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGE);

    goOffline(false);
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
  });

  it('is shown at once when the page opens offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineNotice />);
    expect(screen.getByText(MESSAGE)).toBeInTheDocument();
  });
});

describe('offline notice: dismissing', () => {
  it('can be closed, and comes back on the next offline event', async () => {
    render(<OfflineNotice />);
    goOffline(true);
    await userEvent.click(screen.getByRole('button', { name: 'Tutup pemberitahuan' }));
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();

    goOffline(false);
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGE);
  });

  it('stays out of the bottom of a phone or tablet screen, where the chat input is', () => {
    render(<OfflineNotice />);
    goOffline(true);
    const place = screen.getByRole('status').className.split(' ');
    // Unprefixed classes apply on phones: the top; bottom-left only from the lg breakpoint (the sidebar's).
    expect(place).toContain('top-1.5');
    expect(place.filter((c) => /^(bottom|left)-/.test(c))).toEqual([]);
    expect(place).toContain('lg:bottom-4');
  });
});
