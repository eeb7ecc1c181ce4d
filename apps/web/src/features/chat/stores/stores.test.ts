import { describe, expect, it } from 'vitest';
import { unlockAchievement, achievements } from './achievements';
import { appendMessages, chatHistory, parseHistory } from './chat-history';
import { modelPreference, parseModel } from './model-preference';

describe('chat storage', () => {
  it('reads only well-formed messages of the right character', () => {
    const raw = JSON.stringify([
      { id: '1', text: 'Halo', sender: 'user', timestamp: '2025-08-17T10:00:00.000Z' },
      {
        id: '2',
        text: 'Merdeka!',
        sender: 'soekarno',
        timestamp: '2025-08-17T10:00:01.000Z',
        meta: { model: 'tfjs', elapsedSeconds: 0.1, tag: 'sapaan', probability: 0.9 },
      },
      { id: '3', text: 'Salah tokoh', sender: 'hatta', timestamp: '2025-08-17T10:00:02.000Z' },
      { id: 4, text: 'id bukan string', sender: 'user', timestamp: 'x' },
      'sampah',
    ]);
    const history = parseHistory('soekarno', raw);
    expect(history.map((m) => m.id)).toEqual(['1', '2']);
    expect(history[1]?.meta).toEqual({
      model: 'tfjs',
      elapsedSeconds: 0.1,
      tag: 'sapaan',
      probability: 0.9,
    });
    expect(parseHistory('soekarno', '{rusak')).toEqual([]);
    expect(parseHistory('soekarno', null)).toEqual([]);
  });

  it('appends to chat-{character} and caps the history', () => {
    for (let i = 0; i < 205; i++) {
      appendMessages('hatta', [
        { id: `m${i}`, text: `pesan ${i}`, sender: 'user', timestamp: new Date().toISOString() },
      ]);
    }
    const stored = JSON.parse(localStorage.getItem('chat-hatta') ?? '[]') as { id: string }[];
    expect(stored).toHaveLength(200);
    expect(stored[0]?.id).toBe('m5');
    expect(chatHistory('hatta').get()).toHaveLength(200);
    // Removed elsewhere (logout): seen at once.
    localStorage.removeItem('chat-hatta');
    expect(chatHistory('hatta').get()).toEqual([]);
  });

  it('unlocks a tag once, at achievement-{character}', () => {
    expect(unlockAchievement('soekarno', 'proklamasi')).toBe(true);
    expect(unlockAchievement('soekarno', 'proklamasi')).toBe(false);
    expect(unlockAchievement('soekarno', 'pemikiran')).toBe(true);
    expect(JSON.parse(localStorage.getItem('achievement-soekarno') ?? 'null')).toEqual([
      'proklamasi',
      'pemikiran',
    ]);
    expect(achievements('hatta').get()).toEqual([]);
  });

  it('keeps the model choice per figure as a plain string, tfjs by default', () => {
    expect(parseModel(null)).toBe('tfjs');
    expect(parseModel('rag')).toBe('rag');
    expect(parseModel('"rag"')).toBe('rag');
    expect(parseModel('gpt')).toBe('tfjs');
    modelPreference('hatta').set('rag');
    expect(localStorage.getItem('selectedModelHatta')).toBe('rag');
    expect(localStorage.getItem('selectedModelSoekarno')).toBeNull();
    expect(modelPreference('soekarno').get()).toBe('tfjs');
  });
});
