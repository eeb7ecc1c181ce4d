import { describe, expect, it } from 'vitest';
import { analyzeQuestion, lifeEndAsked } from './question';

describe('analyzeQuestion', () => {
  it.each([
    ['bung karno lahir taun brp sih', 'when'],
    ['kpn bapak ditangkap?', 'when'],
    ['pak dulu sma nya dmn', 'where'],
    ['ibunya pak karno asalnya dr mn', 'where'],
    ['istri pertama bapak siapa pak', 'who'],
    ['knp bapak mundur jd wapres', 'why'],
    ['gmn suasana proklamasi', 'how'],
    ['brp lama bapak dibuang', 'howMany'],
    ['PNI singkatan dr apa', 'define'],
    ['apa itu marhaenisme', 'define'],
    ['apakah bapak pernah ke jepang?', 'yesNo'],
    ['bener gk bapak lahir di blitar', 'yesNo'],
    ['ceritain masa kecil bapak dong', 'other'],
  ])('%s -> %s', (question, type) => {
    expect(analyzeQuestion(question).type).toBe(type);
  });

  it('recognises follow-ups that lean on the previous turn', () => {
    for (const q of [
      'lalu?',
      'terus abis itu gimana?',
      'kenapa begitu?',
      'beliau menikah dengan siapa?',
      'itu taun brp?',
    ]) {
      expect(analyzeQuestion(q).followUp).toBe(true);
    }
    for (const q of ['kapan bapak lahir?', 'apa itu PNI?', 'siapa istri pertama bapak?']) {
      expect(analyzeQuestion(q).followUp).toBe(false);
    }
  });

  it('tells a question asking what came next from one asking a slot of the last topic', () => {
    for (const q of [
      'abis tu?',
      'kelanjutannya gimana?',
      'sesudahnya?',
      'abis itu dipenjara dmn',
    ]) {
      expect(analyzeQuestion(q)).toMatchObject({ followUp: true, next: true });
    }
    for (const q of ['itu taun brp?', 'kenapa begitu?', 'di mana itu?']) {
      expect(analyzeQuestion(q).next).toBe(false);
    }
  });

  it('tells a question about a death from one about what came after it', () => {
    const asked = (q: string) => lifeEndAsked(analyzeQuestion(q).words);
    expect(asked('pak karno meninggal di kota mana')).toBe('death');
    expect(asked('bapak dapet gelar apa dr negara stlh wafat')).toBe('after');
    expect(asked('sesudah bung karno wafat gmn')).toBe('after');
    expect(asked('apa yg terjadi sepeninggal bapak')).toBe('after');
    expect(asked('kapan bapak lahir')).toBeNull();
  });
});
