import { describe, expect, it } from 'vitest';
import { presupposedQuestion, tellsClaim } from './claim';

describe('the question a yes/no claim takes for granted', () => {
  it.each([
    ['bapak lahir di jakarta kan?', 'bapak lahir di mana', ['jakarta']],
    ['pak emg bener bapak lahir di blitar?', 'pak bapak lahir di mana', ['blitar']],
    ['bapak lahir taun 1902 kan?', 'bapak lahir tahun berapa', ['1902']],
    ['ibu bapak orang sunda ya?', 'ibu bapak orang dari mana', ['sunda']],
    [
      'bung karno dulu kuliah kedokteran kan di stovia?',
      'bung karno kuliah di mana',
      ['kedokteran', 'stovia'],
    ],
    // What follows "bareng" is a companion, not the place.
    [
      'pak hatta dulu pernah diasingin ke ende juga ya bareng bung karno?',
      'pak hatta diasingin ke mana',
      ['ende'],
    ],
  ])('%j asks %j and claims %j', (prompt, question, claimed) => {
    expect(presupposedQuestion(prompt)).toEqual({ question, claimed });
  });

  it.each([
    ['bapak lahir di mana?'], // a question, not a claim
    ['PNI didirikan taun 1927 di bandung ya pak?'], // no slot of his
    ['bener gk bapak baru nikah pas indonesia udh merdeka'], // when, not whom
    ['bapak nikah sm bu inggit taun 1923 kan'], // a name and a year: two claims
    ['bapak kuliah di sekolah tinggi teknik yang ada di kota bandung kan?'], // too long a value
  ])('%j takes nothing for granted', (prompt) => {
    expect(presupposedQuestion(prompt)).toBeNull();
  });

  it('reads a passage for every claimed word, whole and folded', () => {
    expect(tellsClaim('Saya lahir di Surabaya; ibu saya tinggal di Blitar.', ['blitar'])).toBe(
      true,
    );
    expect(tellsClaim('Saya kuliah di Technische Hoogeschool.', ['kedokteran', 'stovia'])).toBe(
      false,
    );
    expect(tellsClaim('Jakartanya ramai.', ['jakarta'])).toBe(false);
  });
});
