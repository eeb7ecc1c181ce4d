import { describe, expect, it } from 'vitest';
import {
  containsPhrase,
  gradeAnswer,
  namesSelfInThirdPerson,
  summarizeAnswers,
} from './answer-eval';

describe('grading answers', () => {
  it('matches expected facts as whole folded words', () => {
    expect(containsPhrase('Saya diasingkan ke Ende, Flores.', 'Ende')).toBe(true);
    expect(containsPhrase('Saya mendengar kabar itu.', 'Ende')).toBe(false);
    expect(containsPhrase('Ayah saya Raden Soekemi.', 'Sukemi')).toBe(true);
  });

  it('finds a speaker naming himself, but not inside a quotation', () => {
    expect(namesSelfInThirdPerson('Rumah kelahiran Bung Karno di Surabaya.', 'soekarno')).toBe(
      true,
    );
    expect(
      namesSelfInThirdPerson(
        'Kami menandatangani "atas nama bangsa Indonesia, Soekarno/Hatta".',
        'hatta',
      ),
    ).toBe(false);
    expect(namesSelfInThirdPerson('Saya bekerja bersama Bung Karno.', 'hatta')).toBe(false);
    expect(namesSelfInThirdPerson('Stadion Gelora Bung Karno dibangun.', 'soekarno')).toBe(false);
    expect(namesSelfInThirdPerson('Catatan narator: Hatta wafat pada 1980.', 'hatta')).toBe(false);
    expect(namesSelfInThirdPerson('Hukuman Soekarno dikurangi.', 'soekarno')).toBe(true);
    expect(namesSelfInThirdPerson('Saya lulus. Hatta lalu pulang.', 'hatta')).toBe(true);
    expect(namesSelfInThirdPerson('Di Rotterdam Hatta belajar.', 'hatta')).toBe(true);
    expect(namesSelfInThirdPerson('Saya mengajar di Universitas Bung Hatta.', 'hatta')).toBe(false);
    // A book title that opens with his name.
    expect(
      namesSelfInThirdPerson('Sukarno: An Autobiography adalah otobiografi saya.', 'soekarno'),
    ).toBe(false);
    // A name given, and a name inside a bracketed proper noun, are no mention of him.
    expect(namesSelfInThirdPerson('Ayah mengganti nama saya menjadi Soekarno.', 'soekarno')).toBe(
      false,
    );
    expect(namesSelfInThirdPerson('Kompleks (Gelora) Bung Karno dibangun.', 'soekarno')).toBe(
      false,
    );
    expect(namesSelfInThirdPerson('Saya dikenal sebagai Ir. Soekarno.', 'soekarno')).toBe(false);
    expect(namesSelfInThirdPerson('Saya bertemu Ir. Soekarno.', 'hatta')).toBe(false);
    expect(namesSelfInThirdPerson('Saya memuji Ir. Soekarno.', 'soekarno')).toBe(true);
    expect(
      namesSelfInThirdPerson('Itu menjadi alasan Soekarno mengeluarkan dekret.', 'soekarno'),
    ).toBe(true);
  });

  it('finds an expected "Soekarno" written as Hatta names him, "Bung Karno"', () => {
    const q = {
      id: 'x3',
      karakter: 'hatta' as const,
      type: 'factoid',
      question: 'ke dalat sama siapa',
      answerable: true,
      expect: [['Soekarno', 'Sukarno'], ['Radjiman']],
    };
    const answer = (text: string) => gradeAnswer(q, { text, declined: false }).right;
    expect(answer('Saya berangkat bersama Bung Karno dan Dr. Radjiman.')).toBe(true);
    expect(answer('Saya berangkat bersama Dr. Radjiman.')).toBe(false);
  });

  it('counts a declined off-topic question as right and a declined answerable one as wrong', () => {
    const q = (answerable: boolean) => ({
      id: answerable ? 'x1' : 'x2',
      karakter: 'hatta' as const,
      type: answerable ? 'factoid' : 'offtopic',
      question: '?',
      answerable,
      expect: answerable ? [['Rahmi']] : [],
    });
    const declined = { text: 'Maaf, saya tidak tahu.', declined: true };
    const graded = [gradeAnswer(q(true), declined), gradeAnswer(q(false), declined)];
    expect(graded.map((g) => g.right)).toEqual([false, true]);
    const summary = summarizeAnswers(graded, [q(true), q(false)]);
    expect(summary.overall).toEqual({ questions: 2, right: 1, accuracy: 0.5 });
    expect(summary.answerableDeclined).toBe(1);
  });
});
