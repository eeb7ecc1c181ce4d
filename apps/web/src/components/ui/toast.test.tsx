import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastRegion, useToasts, type ToastInput } from './toast';

let pushToast: (t: ToastInput) => void = () => {};

function Harness() {
  const { toasts, push, dismiss } = useToasts();
  useEffect(() => {
    pushToast = push;
  }, [push]);
  return <ToastRegion toasts={toasts} onDismiss={dismiss} />;
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('each clears itself 3 s after it appears', () => {
    render(<Harness />);
    act(() => pushToast({ tone: 'success', title: 'Tag berhasil diperbarui' }));
    expect(screen.getByRole('status')).toHaveTextContent('Tag berhasil diperbarui');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    act(() => pushToast({ tone: 'error', title: 'Gagal menghapus tag' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Gagal menghapus tag');

    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByText('Tag berhasil diperbarui')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Tag berhasil diperbarui')).not.toBeInTheDocument();
    expect(screen.getByText('Gagal menghapus tag')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Gagal menghapus tag')).not.toBeInTheDocument();
  });

  it('keeps at most four on screen, and unmounting clears the timers', () => {
    const { unmount } = render(<Harness />);
    act(() => {
      for (let i = 1; i <= 6; i += 1) pushToast({ tone: 'info', title: `Pesan ${i}` });
    });
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual([
      'Pesan 3',
      'Pesan 4',
      'Pesan 5',
      'Pesan 6',
    ]);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
