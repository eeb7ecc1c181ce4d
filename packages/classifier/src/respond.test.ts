import { describe, expect, it } from 'vitest';
import { chooseResponse, scoreResponses } from './respond';

const MASA_KECIL = [
  'Saya lahir di Surabaya pada 6 Juni 1901, saat fajar menyingsing.',
  'Kakak perempuan saya bernama Soekarmini; kami sangat dekat.',
  'Nama kecil saya Koesno, lalu diganti menjadi Soekarno karena saya sering sakit.',
  'Masa kecil saya di Tulungagung penuh cerita wayang.',
];

describe('response choice inside the predicted tag', () => {
  it('answers the question that was asked', () => {
    expect(chooseResponse('bung lahir dimana sih?', MASA_KECIL, () => 0.99)).toBe(MASA_KECIL[0]);
    expect(chooseResponse('nama kecil bapak siapa?', MASA_KECIL, () => 0.99)).toBe(MASA_KECIL[2]);
    expect(chooseResponse('kakak bapak namanya siapa', MASA_KECIL, () => 0)).toBe(MASA_KECIL[1]);
  });

  it('prefers a reply holding the kind of fact asked for when words tie', () => {
    const scores = scoreResponses('kapan itu terjadi?', [
      'Itu terjadi di Bandung.',
      'Itu terjadi pada 1927.',
    ]);
    expect(scores[1]).toBeGreaterThan(scores[0] as number);
  });

  it('stays random among equally good replies (the spec tie-break)', () => {
    const picks = new Set(
      [0, 0.3, 0.6, 0.99].map((r) => chooseResponse('ceritain dong', MASA_KECIL, () => r)),
    );
    expect(picks.size).toBe(4);
    expect(chooseResponse(undefined, MASA_KECIL, () => 0.5)).toBe(MASA_KECIL[2]);
    expect(chooseResponse('apa saja', [], () => 0)).toBeUndefined();
  });
});
