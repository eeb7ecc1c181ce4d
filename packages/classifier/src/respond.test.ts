import { describe, expect, it } from 'vitest';
import { chooseResponse, linkShares, responder, scoreResponses } from './respond';

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

const WEDDING = ['Saya mau menikah setelah merdeka.', 'Pada 18 November 1945.', 'Tiga putri.'];

describe('inputs linked to the response they ask for', () => {
  it('picks the linked response for a question close to a linked input, over own words', () => {
    // By their own words the first reply wins ("menikah"); the admin linked the question to the
    // second, which says when.
    expect(chooseResponse('kapan bung hatta menikah?', WEDDING, () => 0)).toBe(WEDDING[0]);
    const linked = [[], ['kapan bapak menikah'], ['berapa anak bapak']];
    for (const r of [0, 0.5, 0.99]) {
      expect(chooseResponse('kapan bung hatta menikah?', WEDDING, () => r, linked)).toBe(
        WEDDING[1],
      );
      expect(chooseResponse('anaknya ada berapa sih', WEDDING, () => r, linked)).toBe(WEDDING[2]);
    }
  });

  it('weights a linked input by the share of its content words the question holds', () => {
    const linked = [['istri bapak orang mana'], ['anak bapak sekolah di mana']];
    const [wife, children] = linkShares('istri bapak dari mana', 3, linked);
    expect(wife).toBeGreaterThan(0);
    expect(wife).toBeLessThan(1);
    expect(children).toBe(0);
    // Only function words: the same words count as a full match, other words as none.
    expect(linkShares('Siapa dia?', 2, [[], ['siapa dia']])).toEqual([0, 1]);
    expect(linkShares('siapa kamu', 2, [[], ['siapa dia']])).toEqual([0, 0]);
  });

  it('keeps the random tie-break when the question matches no linked input', () => {
    const linked = [['kapan bapak menikah'], [], []];
    const picks = new Set(
      [0, 0.5, 0.99].map((r) => chooseResponse('ceritain dong', WEDDING, () => r, linked)),
    );
    expect(picks.size).toBe(3);
    expect(scoreResponses('ceritain dong', WEDDING, linked)).toEqual([0, 0, 0]);
  });

  it('reads the links of content.json per response index, and content without links', () => {
    const responses = { keluarga: WEDDING };
    const respond = responder({ responses, links: { keluarga: { '1': ['kapan bapak menikah'] } } });
    expect(respond('keluarga', () => 0, 'kapan bung hatta menikah?')).toBe(WEDDING[1]);
    expect(responder({ responses })('keluarga', () => 0, 'kapan bung hatta menikah?')).toBe(
      WEDDING[0],
    );
    // An index past the tag's responses or a value that is no list (a damaged file) is ignored.
    const damaged = { '7': ['kapan bapak menikah'], '1': 'kapan bapak menikah' };
    const stray = responder({ responses, links: { keluarga: damaged as never } });
    expect(stray('keluarga', () => 0, 'kapan bung hatta menikah?')).toBe(WEDDING[0]);
  });
});
