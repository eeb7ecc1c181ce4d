import { describe, expect, it } from 'vitest';
import { groupKeyOf } from './grouping';

describe('groupKeyOf', () => {
  it('groups the same question in other words order, case and learner spelling', () => {
    const key = groupKeyOf('Kapan Bung Karno lahir?');
    expect(key).not.toBeNull();
    expect(groupKeyOf('bung karno lahirnya kapan')).toBe(key);
    expect(groupKeyOf('KAPAN  bung KARNO lahir???')).toBe(key);
  });

  it('keeps different questions apart', () => {
    expect(groupKeyOf('Kapan Bung Karno lahir?')).not.toBe(groupKeyOf('Di mana Hatta kuliah?'));
  });

  it('has no key for a message without words, and a key for function words only', () => {
    expect(groupKeyOf('?!? ...')).toBeNull();
    expect(groupKeyOf('apa itu?')).toBeTruthy();
  });
});
