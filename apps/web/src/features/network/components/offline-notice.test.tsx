import { act, render, screen } from '@testing-library/react';
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
