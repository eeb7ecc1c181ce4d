import { describe, expect, it } from 'vitest';
import { createRagEngine } from './engine';
import { asKnowledge, evaluateGeneralQa, type GeneralPassage } from './general-qa';

const passages: GeneralPassage[] = [
  {
    id: 'g-1',
    title: 'Danau Toba',
    text: 'Danau Toba adalah danau vulkanik terbesar di Indonesia. Danau ini terletak di Provinsi Sumatera Utara. Di tengah danau terdapat Pulau Samosir.',
    references: ['Ensiklopedia'],
  },
  {
    id: 'g-2',
    title: 'Candi Borobudur',
    text: 'Candi Borobudur adalah candi Buddha di Magelang, Jawa Tengah. Candi ini dibangun pada masa Wangsa Syailendra.',
    references: ['Ensiklopedia'],
  },
];

describe('the general reading-comprehension check', () => {
  it('counts the passage ranked first, declines and answers holding the gold span', async () => {
    const engine = createRagEngine({ passages: asKnowledge(passages) });
    const report = await evaluateGeneralQa(engine, passages, [
      {
        id: 'a',
        passage: 'g-1',
        question: 'pulau di tengah danau toba namanya apa',
        answer: 'Pulau Samosir',
      },
      {
        id: 'b',
        passage: 'g-2',
        question: 'Candi Borobudur ada di kota mana?',
        answer: 'Magelang',
      },
      { id: 'c', passage: 'g-2', question: 'Siapa pemain bola terbaik dunia?', answer: 'Pele' },
    ]);
    expect(report).toMatchObject({ passages: 2, questions: 3, declined: 0.333 });
    expect(report.answerContainsGold).toBe(0.667);
    expect(report.misses.map((m) => m.id)).toEqual(['c']);
  });
});
