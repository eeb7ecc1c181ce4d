import { describe, expect, it } from 'vitest';
import * as question from './question';

const {
  analyzeQuestion,
  ANSWER_SHAPES,
  CAUSE_CLAUSE,
  askedFacts,
  asksName,
  countInUnit,
  GIVES_NAME,
  lifeEndAsked,
  namesIn,
  placesIn,
  REASON_CLAUSE,
  personAsked,
  spellsOut,
  thingDefined,
} = question;

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
    ['bapak kuliah di leiden kan?', 'yesNo'],
    ['bung karno presiden seumur hidup ya?', 'yesNo'],
    // "apa" opening a claim asks no "what".
    ['apa benar bapak memimpin delegasi di KMB?', 'yesNo'],
    ['apa bapak pernah dipenjara?', 'yesNo'],
    ['apa yang pernah bapak tulis?', 'other'],
    // A "what is it" with "ya" to end it is no claim.
    ['koperasi itu apa ya', 'define'],
    ['ceritain masa kecil bapak dong', 'other'],
  ])('%s -> %s', (question, type) => {
    expect(analyzeQuestion(question).type).toBe(type);
  });

  it('reads a question once and shares its reading, frozen', () => {
    const first = analyzeQuestion('bapak lahir dmn?');
    expect(analyzeQuestion('bapak lahir dmn?')).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.words)).toBe(true);
    expect(first.type).toBe('where');
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

  it.each([
    ['abis tu?', true],
    ['kelanjutannya gimana?', true],
    ['sesudahnya?', true],
    ['abis itu dipenjara dmn', true],
    ['itu taun brp?', false],
    ['kenapa begitu?', false],
    ['di mana itu?', false],
    ['lalu dipenjara di mana?', true],
    // "terus" or "lalu" before a question with a topic of its own only carries the talk on.
    ['terus komando rakyatnya namanya apa?', false],
  ])('%j asks what came next (not a slot of the last topic): %s', (q, next) => {
    expect(analyzeQuestion(q)).toMatchObject({ followUp: true, next });
  });

  it('tells a question about a death from one about what came after it', () => {
    const asked = (q: string) => lifeEndAsked(analyzeQuestion(q).words);
    expect(asked('pak karno meninggal di kota mana')).toBe('death');
    expect(asked('bapak dapet gelar apa dr negara stlh wafat')).toBe('after');
    expect(asked('sesudah bung karno wafat gmn')).toBe('after');
    expect(asked('apa yg terjadi sepeninggal bapak')).toBe('after');
    expect(asked('kapan bapak lahir')).toBeNull();
    // Before it: a time of his life, dated by its end.
    expect(asked('sebelum meninggal bapak ditahan di rumah mana')).toBeNull();
  });
});

describe('REASON_CLAUSE', () => {
  it('finds a reason or a purpose, not a mere wish or opinion', () => {
    expect(REASON_CLAUSE.test('Hatta mundur karena perbedaan pandangan.')).toBe(true);
    expect(REASON_CLAUSE.test('Pemuda mendesak agar proklamasi segera dilakukan.')).toBe(true);
    expect(REASON_CLAUSE.test('Oleh karena itu ia menolak.')).toBe(true);
    expect(REASON_CLAUSE.test('Para pemuda ingin menjauhkan keduanya dari Jepang.')).toBe(false);
    expect(REASON_CLAUSE.test('Ia lahir di Surabaya pada 1901.')).toBe(false);
  });

  it('does not take what a thing is known for as a reason', () => {
    const known = 'Daerah Digul terkenal karena malaria yang merenggut banyak nyawa.';
    expect(REASON_CLAUSE.test(known)).toBe(false);
    expect(ANSWER_SHAPES.why.test(known)).toBe(false);
    expect(REASON_CLAUSE.test('Ia dikenal luas karena pidatonya.')).toBe(true);
    expect(CAUSE_CLAUSE.test(known)).toBe(false);
    expect(CAUSE_CLAUSE.test('Hatta mundur karena berbeda pendapat.')).toBe(true);
    expect(CAUSE_CLAUSE.test('DPR diam, sehingga ia menulis lagi.')).toBe(false);
  });

  it('takes a purpose of avoiding something as a reason', () => {
    expect(REASON_CLAUSE.test('Partai itu dibubarkan untuk menghindari tindakan keras.')).toBe(
      true,
    );
    expect(REASON_CLAUSE.test('Kamp itu semula untuk menampung tahanan.')).toBe(false);
  });
});

describe('namesIn', () => {
  it('finds people without their titles, not places or times', () => {
    expect(namesIn('Supersemar memerintahkan Letnan Jenderal Soeharto, Menteri.')).toEqual([
      ['Soeharto'],
    ]);
    expect(
      namesIn('Surat itu ditandatangani Presiden Soekarno di Istana Bogor pada 11 Maret 1966.'),
    ).toEqual([['Soekarno']]);
    expect(namesIn('Rahmi Rachim adalah istri yang mendampingi Hatta.')).toEqual([
      ['Rahmi', 'Rachim'],
      ['Hatta'],
    ]);
    expect(namesIn('Di Bengkulu ia mengenal Fatmawati.')).toEqual([['Fatmawati']]);
  });
});

describe('countInUnit', () => {
  it('reads "berapa tahun" as a count of years and "tahun berapa" as no count', () => {
    const years = countInUnit(analyzeQuestion('bapak divonis brp taun').words);
    expect(years?.test('hukuman empat tahun penjara')).toBe(true);
    expect(years?.test('pada Desember 1930')).toBe(false);
    expect(countInUnit(analyzeQuestion('tahun berapa bapak lahir').words)).toBeNull();
  });
});

describe('asksName and GIVES_NAME', () => {
  it('reads a question for a name and finds the phrase that gives one', () => {
    expect(asksName(analyzeQuestion('nama asli bapak siapa sih pak').words)).toBe(true);
    expect(asksName(analyzeQuestion('bapak lahir dimana').words)).toBe(false);
    expect(GIVES_NAME.test('Saat lahir, Hatta diberi nama Muhammad Athar.')).toBe(true);
    expect(GIVES_NAME.test('Nama kecil Soekarno adalah Koesno.')).toBe(true);
    expect(GIVES_NAME.test('Dalam naskah asli yang diketik Sayuti Melik.')).toBe(false);
    expect(GIVES_NAME.test('ditandatangani atas nama bangsa Indonesia.')).toBe(false);
  });
});

describe('askedFacts', () => {
  it.each([
    ['bapak nikah taun brp dan dimana', ['when', 'where']],
    ['terus bapak nikahnya sama siapa? kapan?', ['when', 'who']],
    ['dia dr negara mana', ['where']],
    ['anak bapak brp', ['howMany']],
    ['koperasi itu apa', []],
  ])('reads every slot of %j', (question, slots) => {
    expect(askedFacts(analyzeQuestion(question).words)).toEqual(slots);
  });
});

describe('placesIn', () => {
  it('reads the names after "di", "ke" and a noun of place, and no one else', () => {
    expect(
      placesIn('Hatta dan Sjahrir dipindahkan ke Banda Neira, lalu tinggal di kota Bandung.'),
    ).toEqual(['Banda Neira', 'Bandung']);
    expect(placesIn('Bendera dikibarkan oleh Latief Hendraningrat.')).toEqual([]);
  });
});

describe('thingDefined and spellsOut', () => {
  it.each([
    ['pak kmb itu apa?', ['kmb']],
    ['KAA tuh apaan sih', ['kaa']],
    ['pak, konferensi meja bundar itu apa?', ['konferensi', 'meja', 'bundar']],
  ])('%j asks what %j is (a definition)', (question, thing) => {
    expect(thingDefined(analyzeQuestion(question).words)).toEqual(thing);
    expect(analyzeQuestion(question).type).toBe('define');
  });

  // What, of the topic already spoken of: no thing is named.
  it.each([['isinya itu apa'], ['trus hasilnya itu apa pak'], ['yg bapak lakukan itu apa']])(
    '%j names no thing',
    (question) => {
      expect(thingDefined(analyzeQuestion(question).words)).toBeNull();
      expect(analyzeQuestion(question).type).not.toBe('define');
    },
  );

  it('finds the long form before the short one, or the short one first', () => {
    expect(spellsOut('Konferensi Meja Bundar (KMB) berlangsung di Den Haag.', ['kmb'])).toBe(true);
    expect(spellsOut('Putera (Pusat Tenaga Rakyat) dibentuk pada 1943.', ['putera'])).toBe(true);
    expect(spellsOut('Persetujuan KMB dibatalkan pada 1956.', ['kmb'])).toBe(false);
  });
});

describe('personAsked', () => {
  it.each([
    ['tan malaka itu siapa?', ['tan', 'malaka']],
    ['siapa itu tjokroaminoto?', ['cokroaminoto']],
    ['siapa sih sjahrir', ['syahrir']],
    ['wikana tuh siapa pak', ['wikana']],
  ])('%j asks who %j is', (question, person) => {
    expect(personAsked(analyzeQuestion(question).words)).toEqual(person);
  });

  it.each([['istri bapak siapa'], ['siapa yang jahit bendera'], ['ayahnya siapa']])(
    '%j names no one to introduce',
    (question) => {
      expect(personAsked(analyzeQuestion(question).words)).toBeNull();
    },
  );
});
