import { describe, expect, it } from 'vitest';
import { foldForMatch } from './fold';
import { collapseRepeats, INFORMAL, learnerWords, normalizeToken } from './spelling';

describe('learner spelling', () => {
  // What a learner types, and the words read from it.
  it.each([
    // Chat abbreviations the way learners type them.
    ['bung lahir dmn sih? knp gk sekolah lg', 'bung lahir di mana sih kenapa tidak sekolah lagi'],
    ['terus abis itu gmn? udh taun brp', 'terus habis itu bagaimana sudah tahun berapa'],
    ['Wapres RI yg pertama', 'wakil presiden republik indonesia yang pertama'],
    // Case, diacritics and the old spelling of names.
    ['Soekarno, Tjokroaminoto dan Sjahrir — café', 'sukarno cokroaminoto dan syahrir cafe'],
    // Words the passages write in full or in their standard form.
    ['sepatu merk apa yg gak kebeli', 'sepatu merek apa yang tidak terbeli'],
    ['maskawin bapak apa', 'mas kawin bapak apa'],
    ['perdana mentrinya siapa', 'perdana menteri siapa'],
    // A name typed as one word, and chat verbs.
    ['ayahnya bungkarno namanya siapa', 'ayahnya bung karno namanya siapa'],
    ['gmn bapak tau jepang udh nyerah', 'bagaimana bapak tahu jepang sudah menyerah'],
  ])('reads %j as %j', (typed, read) => {
    expect(learnerWords(typed)).toEqual(read.split(' '));
  });

  it('collapses repeated letters and reduplication written with a digit', () => {
    const typed = ['halooo', 'hallo', 'siapaaa', 'bungggg', 'pppki'];
    expect(typed.map(collapseRepeats)).toEqual(['halo', 'hallo', 'siapa', 'bung', 'pppki']);
    expect(normalizeToken('anak2')).toEqual(['anak', 'anak']);
    expect(normalizeToken('kpn2')).toEqual(['kapan', 'kapan']);
    expect(normalizeToken('pemuda2nya')).toEqual(['pemuda', 'pemuda']);
  });

  it('treats words named like Object.prototype members as ordinary words', () => {
    for (const word of ['constructor', 'tostring', 'hasownproperty', 'valueof', '__proto__']) {
      expect(normalizeToken(word)).toEqual([word]);
    }
    expect(learnerWords('constructor __proto__')).toEqual(['constructor', 'proto']);
  });
});

describe('the spelling table', () => {
  it('is written in folded spelling, the form its words are looked up and matched in', () => {
    const unfolded = Object.entries(INFORMAL).filter(
      ([from, to]) => foldForMatch(from) !== from || foldForMatch(to) !== to,
    );
    expect(unfolded).toEqual([]);
  });

  it('takes a short name in old or new spelling to the name the knowledge base uses', () => {
    expect(learnerWords('pak Tjokro')).toEqual(learnerWords('pak Tjokroaminoto'));
    expect(learnerWords('pak cokro')).toEqual(learnerWords('pak Tjokroaminoto'));
    expect(learnerWords('ke Djokja')).toEqual(['ke', 'yogyakarta']);
  });
});

describe('laughter', () => {
  it('is no word of the question', () => {
    expect(learnerWords('wkwk bapak lahir dimana')).toEqual(learnerWords('bapak lahir dimana'));
    expect(learnerWords('siapa tuh pak? hehe')).toEqual(['siapa', 'tuh', 'pak']);
    expect(learnerWords('hahaha wkwkwk awokwokwok hihi')).toEqual([]);
    // "wk" alone may abbreviate "wakil"; "hai" greets.
    expect(learnerWords('wk presiden, hai')).toEqual(['wk', 'presiden', 'hai']);
  });
});
