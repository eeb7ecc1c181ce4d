import { describe, expect, it } from 'vitest';
import { normalizeQuestion } from './query';

const words = (q: string) => normalizeQuestion(q, 'soekarno').map((w) => w.word);

describe('normalizeQuestion', () => {
  // "bu"/"ibu" before a woman's name is a title, not "mother"; whose mother it is, and
  // compounds ("ibu kota", read as one term), keep it.
  it.each([
    ['pak knp bapak sm bu inggit pisah', false],
    ['ibu fatmawati asalnya dari mana', false],
    ['nama ibu bapak siapa', true],
    ['ibu nya bapak siapa', true],
    ['ibu dari bung karno siapa', true],
    ['ibu soekarno siapa', true],
  ])('%j keeps "ibu": %s', (question, kept) => {
    expect(words(question).includes('ibu')).toBe(kept);
  });

  // "nama ayah bapak", "ayahnya bung karno namanya": who the relative is, not the word "nama"
  // (which finds the passage on how he got his own name).
  it.each([
    ['nama ayah bapak siapa', false],
    ['ayah bapak namanya siapa', false],
    ['ayahnya bungkarno namanya siapa ya', false],
    ['namanya diambil dari mana pak', true],
  ])('%j keeps "nama": %s', (question, kept) => {
    expect(words(question).some((w) => /^nama/.test(w))).toBe(kept);
  });

  // A thing of today asks about the present day, as "sekarang" does; in the learner's aside it
  // only says what was not there then.
  it.each([
    ['pendapat bapak ttg pemindahan ibu kota ke IKN?', true],
    ['bapak main tiktok ga?', true],
    ['gmn berita proklamasi nyebar? kan dulu blm ada internet', false],
    // Compared with today's version: no question about today.
    ['sila pertama versi bapak apa? beda ya sm yg skrg', false],
    ['presiden yg skrg siapa pak?', true],
    ['yg ngubah urutannya jd kyk skrg siapa pak?', false],
  ])('%j asks about today: %s', (question, today) => {
    expect(normalizeQuestion(question, 'soekarno').some((w) => w.word === 'kini' && !w.aside)).toBe(
      today,
    );
  });

  // "asli mana", "orang mana": where someone comes from.
  it('reads "ibu bapak asli mana" as an origin', () => {
    expect(words('ibu bapak asli mana pak')).toContain('asal');
  });

  // "berapa orang" counts and "orang mana" asks where from: no topic; "orang tua" is parents.
  it.each([
    ['istri bapak brp orang', false],
    ['orang tua bapak siapa', true],
    ['siapa orang yang paling bapak percaya', true],
  ])('%j keeps "orang": %s', (question, kept) => {
    expect(words(question).includes('orang')).toBe(kept);
  });

  // "masa kecil", "pas kecil": a childhood, searched as the passages tell it ("masa
  // kanak-kanak"); "pulau kecil", "dari kecil sampai kuliah" are not one.
  it.each([
    ['masa kecil bapak gimana', true],
    ['pas kecil bapak tinggal dimana', true],
    ['waktu kecilnya bung karno suka apa', true],
    ['banda neira itu pulau kecil ya', false],
    ['sekolah bapak dari kecil sampai kuliah', false],
  ])('%j reads a childhood: %s', (question, childhood) => {
    expect(words(question).includes('kanak')).toBe(childhood);
    expect(words(question).some((w) => /^kecil/.test(w))).toBe(true);
  });

  it('reads the figure called by name before a comma as an address, not a topic', () => {
    const asked = (q: string, karakter: 'hatta' | 'soekarno') =>
      normalizeQuestion(q, karakter).map((w) => (w.implied ? `(${w.word})` : w.word));
    expect(asked('pak hatta, bung karno lahir tanggal brp?', 'hatta')).toEqual([
      '(hatta)',
      'bung',
      'karno',
      'lahir',
      'tanggal',
      'berapa',
    ]);
    expect(asked('Bung Hatta, Bung Karno lahir dimana?', 'hatta')[0]).toBe('(hatta)');
    // Asked about himself, his name stays the topic.
    expect(asked('Bung Karno, kapan bapak lahir?', 'soekarno').slice(0, 2)).toEqual([
      'bung',
      'karno',
    ]);
    // Without the comma the name may be the topic: kept as typed.
    expect(asked('pak hatta lahir dimana', 'hatta').slice(0, 3)).toEqual(['pak', 'hatta', 'lahir']);
  });

  it('reads "orang mana" as where someone comes from', () => {
    expect(words('beliau orang mana sih')).toEqual(['beliau', 'asal', 'mana', 'sih']);
  });

  it('reads "ibu kota" as the capital', () => {
    expect(words('ibu kota pindah ke mana')).toEqual(['ibukota', 'pindah', 'ke', 'mana']);
  });
});

describe("the learner's aside", () => {
  // "... padahal udah lama nemenin", "..., kan mahal": what the learner adds is an aside; a
  // "kan?" that ends one question before another ("... kan? taun brp?") is none.
  it('marks the words after "padahal" or an inner "kan" as an aside', () => {
    const aside = (q: string) =>
      normalizeQuestion(q, 'soekarno')
        .filter((w) => w.aside)
        .map((w) => w.word);
    expect(aside('kenapa bapak pisah dari bu inggit padahal udah lama nemenin')).toEqual([
      'padahal',
      'sudah',
      'lama',
      'menemani',
    ]);
    expect(aside('gmn bapak bisa kuliah, kan mahal')).toEqual(['kan', 'mahal']);
    expect(aside('pernah jd perdana menteri kan? taun brp?')).toEqual([]);
    // A conversation's context (the figure's reply) has no aside.
    const context = normalizeQuestion('Saya bercerai, padahal lama bersama.', 'soekarno', {
      asides: false,
    });
    expect(context.some((w) => w.aside)).toBe(false);
  });

  // "... kyk bung hatta": the other figure compared with is no subject of the question.
  it('marks the other figure after "seperti" (kyk, kayak) as an aside', () => {
    const aside = (q: string, karakter: 'soekarno' | 'hatta') =>
      normalizeQuestion(q, karakter)
        .filter((w) => w.aside)
        .map((w) => w.word);
    expect(aside('bapak kuliah di belanda kyk bung hatta?', 'soekarno')).toEqual(['bung', 'hatta']);
    expect(aside('bapak dibuang ke ende kayak soekarno?', 'hatta')).toEqual(['sukarno']);
    expect(aside('bapak kuliah seperti hatta?', 'hatta')).toEqual([]);
  });
});
