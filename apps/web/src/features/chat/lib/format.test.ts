import { describe, expect, it } from 'vitest';
import { achievementPercent } from '../config/characters';
import { formatElapsed, formatPercent, formatTimestamp, MONTHS_ID } from './format';

describe('chat formats', () => {
  it("timestamps read 'HH:MM, day month-name' with Indonesian months", () => {
    expect(formatTimestamp(new Date(1945, 7, 17, 10, 0))).toBe('10:00, 17 Agustus');
    expect(formatTimestamp(new Date(2025, 0, 5, 9, 7))).toBe('09:07, 5 Januari');
    expect(formatTimestamp(new Date(2025, 11, 31, 23, 59))).toBe('23:59, 31 Desember');
    expect(MONTHS_ID).toHaveLength(12);
    expect(MONTHS_ID[4]).toBe('Mei');
  });

  it('elapsed seconds use a decimal comma; probabilities a rounded percent', () => {
    expect(formatElapsed(0.0412)).toBe('0,04 detik');
    expect(formatElapsed(3.2)).toBe('3,20 detik');
    expect(formatElapsed(Number.NaN)).toBe('0,00 detik');
    expect(formatPercent(0.987)).toBe('99%');
    expect(formatPercent(0.444)).toBe('44%');
    expect(formatPercent(1)).toBe('100%');
  });

  it('achievement percent is floor(count / 10 * 100), capped at 100', () => {
    expect(achievementPercent(0)).toBe(0);
    expect(achievementPercent(3)).toBe(30); // 3 / 10 * 100 = 30.000000000000004
    expect(achievementPercent(7)).toBe(70); // 70.00000000000001
    expect(achievementPercent(10)).toBe(100);
    expect(achievementPercent(13)).toBe(100);
  });
});
