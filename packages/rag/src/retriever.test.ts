import { describe, expect, it } from 'vitest';
import { evaluateRetriever } from './eval';
import { loadEvalQuestions } from './load-knowledge';
import { parsePassages } from './knowledge';
import { createRetriever, MAX_CORRECTIONS, MAX_QUERY_WORDS } from './retriever';
import { evalDir, realPassages, realRetriever, tinyPassages } from './testing/fixtures';
import { foldForMatch } from '@dwitunggal/text/fold';

const retriever = await realRetriever();
const ids = (query: string, karakter: 'soekarno' | 'hatta', k = 5) =>
  retriever.search(query, { karakter, k }).map((h) => h.passage.id);

describe('retrieval over the knowledge base', () => {
  // Build time is measured by bench/rag.ts, not asserted here.
  it('indexes every passage of the knowledge base', async () => {
    const passages = await realPassages();
    expect(createRetriever(passages).size).toBe(passages.length);
  });

  it('finds the passage that answers a plain question first, with scores best first', () => {
    const hits = retriever.search('Kapan Bung Hatta lahir?', { karakter: 'hatta', k: 5 });
    expect(hits[0]?.passage.id).toBe('hatta-001');
    expect(hits.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < hits.length; i++) {
      expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
    }
    expect(hits[0]!.coverage).toBeGreaterThan(0.9);
  });

  // The best passage must state the fact asked for (several passages may: the knowledge base
  // grows), and be about the figure the question is about.
  const best = (query: string, karakter: 'soekarno' | 'hatta') =>
    retriever.search(query, { karakter, k: 5 })[0]?.passage;

  it('declines number coincidences: an ordinal must match an ordinal, a bare number is no topic', () => {
    expect(retriever.search('siapa presiden ke 7', { karakter: 'soekarno', k: 5 })).toEqual([]);
    expect(retriever.search('{{7*7}}', { karakter: 'soekarno', k: 5 })).toEqual([]);
    // Lone letters name nothing; a Roman numeral still counts.
    expect(retriever.search('p p p p p', { karakter: 'hatta', k: 5 })).toEqual([]);
    expect(best('apa isi Maklumat Nomor X', 'hatta')?.text).toContain('Maklumat');
    expect(retriever.search('apa kepanjangan Nasakom', { karakter: 'soekarno', k: 5 })).not.toEqual(
      [],
    );
  });

  it.each([
    // Colloquial verbs and school levels as learners type them.
    ['proklamasi dibacain dimana pak', 'soekarno', 'Pegangsaan'],
    ['yg ngibarin bendera siapa', 'soekarno', /Latief|Suhud/],
    ['pemuda nyulik bapak ke mana', 'soekarno', 'Rengasdengklok'],
    ['kabar proklamasi nyebar ke luar jawa lewat siapa', 'soekarno', /provinsi|gubernur/i],
    ['knp bapak jago bgt pidato', 'soekarno', /piawai|pandai|mahir/],
    ['dwitunggal bapak sm bung karno kok bisa pecah', 'hatta', /dwitanggal/],
    ['ide pancasila bapak muncul waktu di ende ya', 'soekarno', /pohon sukun/],
    ['abis ditangkep thn 1929 bapak disidang dmn', 'soekarno', /Landraad/],
    ['smp nya bapak dulu dmn', 'hatta', 'MULO'],
    // "Bapak", "Anda" and "Bung" are the figure being asked.
    ['Kapan Bapak lahir?', 'hatta', '12 Agustus 1902'],
    ['Kapan Bapak lahir?', 'soekarno', '6 Juni 1901'],
    ['Di mana Anda dimakamkan?', 'hatta', 'Tanah Kusir'],
    ['Di mana Anda dimakamkan?', 'soekarno', 'Blitar'],
    // A question that names the other figure still finds a passage about that figure.
    ['Kapan Bung Karno lahir?', 'hatta', '6 Juni 1901'],
    ['Siapa ayah Bung Karno?', 'hatta', 'Soekemi'],
    ['Bung Hatta dimakamkan di mana?', 'soekarno', 'Tanah Kusir'],
  ] as const)('%j asked of %s: the best passage states %s', (question, karakter, fact) => {
    expect(best(question, karakter)?.text).toMatch(fact);
  });

  it('never lets a passage about the other figure answer a question about this one', () => {
    for (const question of ['Siapa nama istri Bapak?', 'istri bapak siapa']) {
      expect(best(question, 'hatta')?.figures).toContain('hatta');
    }
    expect(best('Di mana Anda dimakamkan?', 'soekarno')?.figures).toContain('soekarno');
  });

  it('understands informal chat spellings', () => {
    expect(best('kpn bung karno lahir?', 'soekarno')?.text).toContain('6 Juni 1901');
    expect(ids('siapa yg mimpin delegasi di KMB?', 'hatta')).toContain('hatta-037');
    expect(ids('dmn bapak dibuang thn 1934?', 'soekarno').slice(0, 2)).toContain(
      'soekarno-awal-021',
    );
  });

  it('falls back to the closest corpus word for a misspelling', () => {
    const terms = retriever.analyze('Siapa yang mengetik teks proklamsi?', 'soekarno');
    expect(terms.find((t) => t.word === 'proklamsi')).toMatchObject({
      kind: 'corrected',
      term: 'proklamasi',
    });
    expect(ids('Siapa yang mengetik teks proklamsi?', 'soekarno', 3)).toContain(
      'soekarno-awal-043',
    );
    expect(ids('Apa isi pledoi Indonesia Menggugat?', 'soekarno')[0]).toBe('soekarno-awal-016');
    // Old and new spelling of a name meet: Tjokroaminoto / Cokroaminoto.
    expect(ids('Siapa HOS Cokroaminoto itu?', 'soekarno', 2)).toContain('soekarno-awal-006');
  });

  it('does not "correct" short words into other words', () => {
    const terms = retriever.analyze('resep nasi goreng yang enak', 'hatta');
    expect(terms.some((t) => t.kind === 'corrected')).toBe(false);
  });

  // "menerapkan" is a word the passages lack, not a typo of "tetap": it stays unknown, and as a
  // word of the predicate it weighs half a rare topic.
  it('leaves a well-formed derived word uncorrected, at a smaller weight', () => {
    const terms = retriever.analyze('Mengapa Bapak menerapkan Demokrasi Terpimpin?', 'soekarno');
    const word = terms.find((t) => t.word === 'menerapkan');
    expect(word?.kind).toBe('unknown');
    const nonsense = retriever.analyze('qwertzuiop', 'soekarno')[0];
    expect(word!.weight).toBeCloseTo(nonsense!.weight / 2, 5);
    expect(ids('Mengapa Bapak menerapkan Demokrasi Terpimpin?', 'soekarno')[0]).toBe(
      'republik-028',
    );
  });

  it('returns nothing for off-topic questions and questions after the figures lifetimes', () => {
    for (const question of [
      'siapa presiden Amerika sekarang',
      'resep nasi goreng',
      'siapa juara piala dunia 2022',
      'Siapa presiden Indonesia tahun 2014?',
      'Apa ibu kota Australia?',
      'Bagaimana cara main TikTok?',
      'Siapa penemu lampu pijar?',
    ]) {
      expect(retriever.search(question, { karakter: 'soekarno' }), question).toEqual([]);
      expect(retriever.search(question, { karakter: 'hatta' }), question).toEqual([]);
    }
  });

  it('answers a present-day question only from a passage that speaks about today', () => {
    const hits = retriever.search('Rumah kelahiran Bapak sekarang jadi apa?', {
      karakter: 'hatta',
    });
    expect(hits[0]?.passage.id).toBe('hatta-001');
    expect(hits[0]?.matched).toContain('kini');
  });

  it('includeWeak returns the raw ranking even when the gate declines', () => {
    const hits = retriever.search('siapa presiden Amerika sekarang', {
      karakter: 'soekarno',
      k: 3,
      includeWeak: true,
    });
    expect(hits.length).toBe(3);
  });

  it('meets the targets on the evaluation set: recall@5 >= 0.90 and MRR@10 >= 0.75 per figure', async () => {
    const report = evaluateRetriever(retriever, await loadEvalQuestions(evalDir));
    for (const figure of ['soekarno', 'hatta'] as const) {
      expect(report.perFigure[figure].questions).toBeGreaterThan(20);
      expect(report.perFigure[figure]['recall@5']).toBeGreaterThanOrEqual(0.9);
      expect(report.perFigure[figure]['mrr@10']).toBeGreaterThanOrEqual(0.75);
    }
    // Every answerable question gets passages; most unanswerable ones are declined.
    expect(report.gate.answered).toBe(report.gate.answerable);
    expect(report.gate.declined / report.gate.unanswerable).toBeGreaterThanOrEqual(0.9);
  });

  it('works on any small corpus (no dependency on the real data)', () => {
    const r = createRetriever(tinyPassages());
    expect(r.search('koperasi rakyat', { karakter: 'soekarno' })[0]?.passage.id).toBe('koperasi');
    expect(r.search('pidato Pancasila', { karakter: 'hatta' })[0]?.passage.id).toBe('pancasila');
  });
  it('ranks first the passage where words typed side by side stand side by side', () => {
    const passage = (id: string, text: string) => ({
      id,
      title: 'Catatan',
      figures: ['hatta'],
      period: '1945',
      text,
      references: ['Catatan'],
    });
    const corpus = parsePassages([
      passage(
        'apart',
        'Nama desa dan nama sungai itu terkenal. Anak kecil dan burung kecil ada di sana.',
      ),
      passage('together', 'Nama kecil tokoh itu jarang diketahui orang banyak di kota.'),
      passage('other', 'Koperasi membantu rakyat di desa.'),
    ]);
    const r = createRetriever(corpus, { phraseWeight: 0 });
    const withPhrase = createRetriever(corpus);
    const ask = 'nama kecil';
    expect(r.search(ask, { karakter: 'hatta', includeWeak: true })[0]?.passage.id).toBe('apart');
    expect(withPhrase.search(ask, { karakter: 'hatta' })[0]?.passage.id).toBe('together');
  });
});

describe('bounded work per question', () => {
  it('reads at most MAX_QUERY_WORDS distinct words and tries at most MAX_CORRECTIONS spellings', async () => {
    // Corpus words of 10+ letters with their last letter changed: each is one edit from a
    // different indexed word, so without a budget every one of them would be corrected.
    const words = [
      ...new Set(
        (await realPassages()).flatMap((p) => foldForMatch(p.text).match(/[a-z]{10,}/g) ?? []),
      ),
    ].slice(0, 100);
    const prompt = words.map((w) => `${w.slice(0, -1)}${w.endsWith('q') ? 'x' : 'q'}`).join(' ');
    const terms = retriever.analyze(prompt, 'soekarno');
    expect(MAX_QUERY_WORDS).toBeLessThanOrEqual(32);
    expect(MAX_CORRECTIONS).toBeLessThanOrEqual(4);
    expect(terms.length).toBeLessThanOrEqual(MAX_QUERY_WORDS);
    const corrected = terms.filter((t) => t.kind === 'corrected').length;
    expect(corrected).toBeGreaterThan(0);
    expect(corrected).toBeLessThanOrEqual(MAX_CORRECTIONS);
  });

  it('still corrects the typos of a normal question', () => {
    const terms = retriever.analyze('kapan proklamsi dibacakan?', 'soekarno');
    expect(terms.find((t) => t.word === 'proklamsi')?.kind).toBe('corrected');
  });
});

describe("a relative's passage", () => {
  const relatives = createRetriever(
    parsePassages([
      {
        id: 'guntur',
        title: 'Guntur Soekarnoputra, putra sulung Soekarno',
        figures: ['soekarno'],
        period: '1944',
        text: 'Guntur lahir di Jakarta. Guntur kuliah di Institut Teknologi Bandung.',
        references: ['Catatan'],
      },
      {
        id: 'studi',
        title: 'Soekarno di Bandung',
        figures: ['soekarno'],
        period: '1921-1926',
        text: 'Soekarno menempuh studi teknik di Technische Hoogeschool Bandung dan lulus pada 1926.',
        references: ['Catatan'],
      },
    ]),
  );
  const first = (query: string) =>
    relatives.search(query, { karakter: 'soekarno', k: 2 })[0]?.passage.id;

  it('does not answer a question about the figure himself', () => {
    expect(first('Bapak dulu kuliah di mana?')).toBe('studi');
  });

  it('answers a question about that relative, by name or by the relation', () => {
    expect(first('Guntur kuliah di mana?')).toBe('guntur');
    expect(first('anak bapak kuliah di mana?')).toBe('guntur');
  });
});
