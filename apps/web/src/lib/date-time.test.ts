import { describe, expect, it } from 'vitest';
import { formatDate } from '@/features/models/components/format';
import { formatTimestamp as chatTimestamp } from '@/features/chat/lib/format';
import { formatCalendarDate, formatDateTime, formatTimestamp } from './date-time';

describe('date and time formats', () => {
  it("show 'HH:MM, day month-name' in local time", () => {
    expect(formatTimestamp(new Date(1945, 7, 17, 10, 0))).toBe('10:00, 17 Agustus');
    expect(formatTimestamp(new Date(2025, 0, 5, 9, 7))).toBe('09:07, 5 Januari');
  });

  it('add the year for lasting records, and keep an unreadable date as given', () => {
    expect(formatDateTime(new Date(2026, 10, 26, 8, 3).toISOString())).toBe(
      '08:03, 26 November 2026',
    );
    expect(formatDateTime('bukan tanggal')).toBe('bukan tanggal');
  });

  it('are the same on the chat and on the model page', () => {
    const when = new Date(2026, 2, 9, 14, 30);
    expect(chatTimestamp(when)).toBe('14:30, 9 Maret');
    expect(formatDate(when.toISOString())).toBe(`${chatTimestamp(when)} 2026`);
  });

  it('show a calendar date as day, month name and year, whatever the time zone', () => {
    expect(formatCalendarDate('1901-06-06')).toBe('6 Juni 1901');
    expect(formatCalendarDate('1980-03-14')).toBe('14 Maret 1980');
    expect(formatCalendarDate('1945-13-01')).toBe('1945-13-01');
  });
});
