import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterLifetime,
  coveredShare,
  createEmbeddedGenerator,
  detectIntent,
  namesHimself,
  NARRATOR_PREFIX,
  todayNote,
  withNote,
  withoutToday,
} from './embedded-generator';
import type { GenerateInput } from './generator';
import { loadEvalQuestions } from './load-knowledge';
import { personaLines, PERSONAS } from './persona';
import { createRetriever, type IndexedSentence } from './retriever';
import { splitSentences } from '@dwitunggal/text/fold';
import { evalDir, realPassages, realRetriever } from './testing/fixtures';
import { toFirstPerson, weTwoAfter } from './voice';

const retriever = await realRetriever();
const passages = await realPassages();
const generator = createEmbeddedGenerator();
const questions = await loadEvalQuestions(evalDir);

const inputFor = (question: string, karakter: 'soekarno' | 'hatta'): GenerateInput => ({
  karakter,
  question,
  hits: retriever.search(question, { karakter, k: 4 }),
});

/**
 * Checks, independently of the generator's own bookkeeping, that `text` is made only of persona
 * lines of the figure and of sentences of the given passages after the documented person
 * transformation: the text must be consumable, from left to right, by those pieces alone.
 */
function isGrounded(text: string, input: GenerateInput): boolean {
  const allowed = new Set(personaLines(input.karakter));
  allowed.add(NARRATOR_PREFIX);
  for (const hit of input.hits) {
    let previous = '';
    for (const sentence of splitSentences(hit.passage.text)) {
      const spoken = toFirstPerson(withoutToday(sentence), input.karakter);
      allowed.add(spoken);
      // After the sentence before it in the passage, "mereka" may be the group he was in.
      if (previous) allowed.add(weTwoAfter(previous, spoken));
      previous = spoken;
      const note = todayNote(sentence);
      if (note) allowed.add(note);
      // A narrator's note quotes the passage as written.
      if (afterLifetime(sentence, input.karakter)) allowed.add(sentence);
    }
  }
  const pieces = [...allowed].sort((a, b) => b.length - a.length);
  const consume = (rest: string): boolean => {
    if (rest === '') return true;
    return pieces.some(
      (p) => (rest === p || rest.startsWith(`${p} `)) && consume(rest.slice(p.length).trimStart()),
    );
  };
  return consume(text);
}

describe('embedded generator', () => {
  it('answers "Kapan Bung Hatta lahir?" with the date and its source, in Hatta\'s voice', async () => {
    const answer = await generator.generate(inputFor('Kapan Bung Hatta lahir?', 'hatta'));
    expect(answer.generator).toBe('embedded');
    expect(answer.text).toContain('Saya lahir pada 12 Agustus 1902');
    expect(answer.text).not.toMatch(/\bHatta lahir\b/);
    const source = answer.sources.find((s) => s.id === 'hatta-001');
    expect(source).toMatchObject({
      title: 'Kelahiran Mohammad Hatta di Bukittinggi',
      reference: 'Mohammad Hatta, "Memoir" (1979)',
    });
    expect(source?.excerpt).toContain('Mohammad Hatta lahir pada 12 Agustus 1902');
    expect(source?.score).toBeGreaterThan(0);
  });

  it("answers in Soekarno's voice for Soekarno", async () => {
    const answer = await generator.generate(inputFor('Kapan Bapak lahir?', 'soekarno'));
    expect(answer.text).toMatch(/Saya lahir di Surabaya(, Jawa Timur,)? pada 6 Juni 1901/);
    expect(PERSONAS.soekarno.openings.some((o) => answer.text.startsWith(o))).toBe(true);
    expect(answer.sources[0]?.excerpt).toContain('6 Juni 1901');
  });

  it('never emits a sentence absent from its passages (every evaluation question, both voices)', () => {
    for (const q of questions) {
      for (const karakter of ['soekarno', 'hatta'] as const) {
        const input = inputFor(q.question, karakter);
        const answer = generator.compose(input);
        expect(isGrounded(answer.text, input), `${karakter}: ${q.question}\n${answer.text}`).toBe(
          true,
        );
        answer.facts.forEach((fact, i) => {
          const passage = passages.find((p) => p.id === fact.passageId);
          expect(splitSentences(passage?.text ?? '')).toContain(fact.original);
          const spoken = toFirstPerson(withoutToday(fact.original), karakter);
          // After the sentence before it in its passage, "mereka" may be the group he was in.
          const before = answer.facts[i - 1];
          const follows = before?.passageId === fact.passageId && before.index === fact.index - 1;
          expect(fact.spoken).toBe(
            answer.opening === NARRATOR_PREFIX
              ? fact.original
              : follows
                ? weTwoAfter(before.spoken, spoken)
                : spoken,
          );
          // Nothing after his death is said in his voice, not even what a place is today.
          expect(answer.opening === NARRATOR_PREFIX).toBe(afterLifetime(fact.original, karakter));
          if (answer.opening !== NARRATOR_PREFIX)
            expect(fact.spoken).not.toMatch(/\b(?:kini|sekarang|dewasa ini|saat ini)\b/i);
        });
      }
    }
  });

  it('never emits a sentence absent from its passages (random questions from corpus words)', () => {
    const vocabulary = [
      ...new Set(passages.flatMap((p) => p.text.split(/\s+/)).map((w) => w.replace(/\W/g, ''))),
    ].filter((w) => w.length > 2);
    const prefixes = ['Kapan', 'Siapa', 'Di mana', 'Mengapa', 'Apa itu', 'Berapa', 'Bagaimana'];
    fc.assert(
      fc.property(
        fc.constantFrom(...prefixes),
        fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('soekarno' as const, 'hatta' as const),
        (prefix, words, karakter) => {
          const input = inputFor(`${prefix} ${words.join(' ')}?`, karakter);
          const answer = generator.compose(input);
          return isGrounded(answer.text, input);
        },
      ),
      { numRuns: 300, seed: 20_250_817 },
    );
  });

  it('writes two to four sentences: one persona opening and two or three facts', () => {
    for (const q of questions.filter((x) => x.relevant.length > 0)) {
      const answer = generator.compose(inputFor(q.question, q.karakter));
      if (answer.opening === NARRATOR_PREFIX) {
        expect(answer.facts.length).toBeGreaterThanOrEqual(1);
        expect(answer.facts.length).toBeLessThanOrEqual(3);
        continue;
      }
      expect(PERSONAS[q.karakter].openings).toContain(answer.opening);
      expect(answer.facts.length).toBeGreaterThanOrEqual(2);
      expect(answer.facts.length).toBeLessThanOrEqual(3);
      expect(answer.text).toBe([answer.opening, ...answer.facts.map(withNote)].join(' '));
    }
  });

  it("answers a question about his death in a narrator's note, never in his voice", async () => {
    for (const [question, karakter, date] of [
      ['kapan bapak wafat?', 'hatta', '14 Maret 1980'],
      ['Bung Karno meninggal kapan?', 'soekarno', '21 Juni 1970'],
    ] as const) {
      const answer = await generator.generate(inputFor(question, karakter));
      expect(answer.text.startsWith(NARRATOR_PREFIX)).toBe(true);
      expect(answer.text).toContain(date);
      expect(answer.text).not.toMatch(/\bsaya\b/i);
      expect(answer.sources.length).toBeGreaterThan(0);
    }
  });

  it('is deterministic', () => {
    const input = inputFor('Apa isi perjanjian Linggarjati?', 'soekarno');
    const first = generator.compose(input);
    for (let i = 0; i < 5; i++) expect(generator.compose(input)).toEqual(first);
  });

  it.each([
    ['siapa presiden Amerika sekarang', 'soekarno'],
    ['resep nasi goreng', 'hatta'],
    ['siapa juara piala dunia 2022', 'hatta'],
  ] as const)(
    'says honestly, in character, that it does not know %j (retrieval finds nothing)',
    async (question, karakter) => {
      const input = inputFor(question, karakter);
      expect(input.hits).toEqual([]);
      const answer = await generator.generate(input);
      expect(answer.sources).toEqual([]);
      expect(PERSONAS[karakter].unknown.some((line) => answer.text.startsWith(line))).toBe(true);
      expect(isGrounded(answer.text, input)).toBe(true);
    },
  );

  it('greets and thanks in character', async () => {
    const hello = await generator.generate(inputFor('Halo, selamat pagi!', 'hatta'));
    expect(PERSONAS.hatta.greetings).toContain(hello.text);
    const thanks = await generator.generate(inputFor('terima kasih banyak, Bung', 'soekarno'));
    expect(PERSONAS.soekarno.thanks).toContain(thanks.text);
  });

  it('streams the same answer it generates', async () => {
    const input = inputFor('Kenapa Bapak baru menikah setelah Indonesia merdeka?', 'hatta');
    const expected = await generator.generate(input);
    let streamed = '';
    let done;
    for await (const event of generator.stream(input)) {
      if (event.type === 'delta') streamed += event.text;
      else done = event;
    }
    expect(streamed).toBe(expected.text);
    expect(done).toEqual({ type: 'done', answer: expected, replace: false });
  });
});

describe('detectIntent', () => {
  it('recognises the question word', () => {
    expect(detectIntent('Kapan Bung Hatta lahir?')).toBe('when');
    expect(detectIntent('Tahun berapa Bung Karno lulus?')).toBe('when');
    expect(detectIntent('Di mana proklamasi dibacakan?')).toBe('where');
    expect(detectIntent('Siapa yang mengetik naskah?')).toBe('who');
    expect(detectIntent('Kenapa Bapak ditangkap?')).toBe('why');
    expect(detectIntent('Berapa negara yang datang?')).toBe('howMany');
    expect(detectIntent('Apa itu Supersemar?')).toBe('define');
    expect(detectIntent('Ceritakan masa kecil Bapak')).toBe('other');
  });
});

describe('answer selection across the retrieved passages', () => {
  it('answers "mengapa" with the sentence that gives the reason, from whichever passage has it', () => {
    // The reason clause ("karena ... berbeda pendapat dengan Bung Karno"), not only the date.
    const answer = generator.compose(
      inputFor('Mengapa Bung Hatta mengundurkan diri sebagai wakil presiden?', 'hatta'),
    );
    expect(answer.text).toMatch(/karena [^.]*(?:berbeda pendapat|perbedaan pandangan)/);
  });

  it('answers "siapa" with a name other than the figure\'s own', () => {
    // "ditandatangani Presiden Soekarno" names only the asker; the recipient is Soeharto.
    const answer = generator.compose(inputFor('Supersemar ditujukan kepada siapa?', 'soekarno'));
    expect(answer.facts[0]?.original).toMatch(/Letnan Jenderal Soeharto/);
  });

  it('answers "berapa tahun" with a count of years, not with a date', () => {
    const answer = generator.compose(inputFor('Berapa tahun Bapak divonis?', 'soekarno'));
    expect(answer.text).toMatch(/\bempat tahun\b/);
  });

  it('gives the fact asked for from each of the best passages when they differ', () => {
    // Hatta was arrested in The Hague in 1927 and in Batavia in 1934: two passages, two answers.
    const answer = generator.compose(inputFor('Kapan Bapak ditangkap Belanda?', 'hatta'));
    expect(answer.text).toMatch(/September 1927/);
    expect(answer.text).toMatch(/Februari 1934/);
  });

  it('answers "nama asli" with the name given at birth', () => {
    // "naskah asli yang diketik Sayuti Melik" matches the words better but gives no name of his.
    const answer = generator.compose(inputFor('Siapa nama asli Bapak?', 'hatta'));
    expect(answer.text).toMatch(/saya[^.]* Muhammad Athar/);
  });

  it('tells a sentence that still names the speaker from one that names someone of his name', () => {
    expect(
      namesHimself('Anak-anak Banda memanggil Hatta dengan sebutan Om Kacamata.', 'hatta'),
    ).toBe(true);
    expect(namesHimself('Saya lebih dikenal dengan nama Mohammad Hatta.', 'hatta')).toBe(true);
    expect(namesHimself('Rahmi Hatta dan saya dikaruniai tiga putri.', 'hatta')).toBe(false);
    expect(namesHimself('Bandara Soekarno-Hatta dibuka pada 1985.', 'hatta')).toBe(false);
    expect(namesHimself('Stadion Gelora Bung Karno dibangun untuk Asian Games.', 'soekarno')).toBe(
      false,
    );
    expect(namesHimself('Saya menulis "Hatta" di sampul buku.', 'hatta')).toBe(false);
  });

  it('follows a "mengapa" fact with the reason its passage gives, after what the reason leans on', () => {
    // Without the passage that states the reason outright, the best sentence says that the
    // first principle was changed, not why; the reason ("Demi persatuan bangsa, mereka sepakat
    // ...") shares none of the question's words, and its "mereka" needs the sentence before it.
    const question = 'Mengapa sila pertama diubah?';
    const without = createRetriever(passages.filter((p) => p.id !== 'hatta-fakta-023'));
    const answer = generator.compose({
      karakter: 'hatta',
      question,
      hits: without.search(question, { karakter: 'hatta', k: 4 }),
    });
    expect(answer.facts.map((f) => `${f.passageId}#${f.index}`)).toEqual([
      'soekarno-awal-048#0',
      'soekarno-awal-048#3',
      'soekarno-awal-048#4',
    ]);
    expect(answer.text).toContain('Demi persatuan bangsa, mereka sepakat');
  });

  it('never keeps a sentence that points back at one left out', () => {
    const leansBack = /^(?:[\w'-]+,?\s){0,3}(?:itu|ini|tersebut|mereka|keduanya)\b/i;
    const checked = [...questions.map((q) => [q.question, q.karakter] as const)];
    checked.push(['Siapa orang tua Bapak?', 'soekarno']);
    for (const [question, karakter] of checked) {
      const { facts } = generator.compose(inputFor(question, karakter));
      facts.slice(1).forEach((fact, i) => {
        if (!leansBack.test(fact.original)) return;
        const before = facts.slice(0, i + 1);
        expect(
          before.some((b) => b.passageId === fact.passageId && b.index < fact.index),
          `${question}: ${fact.original}`,
        ).toBe(true);
      });
    }
  });
});

describe('facts that other passages repeat', () => {
  const spoken = (question: string, karakter: 'soekarno' | 'hatta') =>
    generator.compose(inputFor(question, karakter)).facts.map((f) => f.original);

  it('leaves out a sentence of another passage that only restates the answer', () => {
    // Three passages say he studied civil engineering at the Technische Hoogeschool in
    // Bandung; the second one says nothing the other two do not.
    const facts = spoken('Bapak kuliah di mana?', 'soekarno');
    expect(facts[0]).toMatch(/^Dari 1921 sampai 1926 Soekarno kuliah teknik sipil/);
    expect(facts).not.toContain(
      'Soekarno mulai kuliah teknik sipil di Technische Hoogeschool Bandung pada 1921, setelah tamat dari HBS Surabaya.',
    );
    // What it added (he came from the HBS in Surabaya) is still told.
    expect(facts.join(' ')).toContain('HBS Surabaya');
  });

  it('keeps who chose him, and only once', () => {
    const facts = spoken('Kapan Bapak dipilih menjadi presiden pertama?', 'soekarno');
    expect(facts[0]).toMatch(/^Soekarno dipilih sebagai Presiden pertama .* 18 Agustus 1945/);
    expect(facts.filter((f) => /\bPPKI\b/.test(f))).toHaveLength(1);
  });

  it('keeps a sentence that tells something new in the words of the others', () => {
    // "membuka ... di Gedung Merdeka" after "diselenggarakan di Bandung pada 18-24 April 1955".
    expect(spoken('ceritakan tentang konferensi asia-afrika di bandung', 'soekarno')).toContain(
      'Presiden Soekarno membuka Konferensi Asia-Afrika di Gedung Merdeka, Bandung, pada 18 April 1955.',
    );
  });

  it('keeps a sentence with a number or a name the others do not give', () => {
    // "anak kedua": which child Gemala is.
    expect(spoken('Ceritakan tentang Halida Nuriah Hatta, putri bungsu Bapak', 'hatta')).toContain(
      "Gemala Rabi'ah adalah anak kedua Hatta, sedangkan Halida Nuriah adalah anak bungsu Hatta.",
    );
    // "pemerintahan Soeharto": who decided, where the others say "Pemerintah".
    expect(
      spoken('siapa yang atur wafat dan pemakaman bung karno di blitar 1970', 'hatta'),
    ).toContain(
      'Setelah Soekarno wafat pada 21 Juni 1970, pemerintahan Soeharto memutuskan agar Soekarno dimakamkan di Blitar, Jawa Timur, di dekat makam ibunya.',
    );
  });

  it('weighs what the others share by how rare each word is', () => {
    const sentence = (terms: string[]): IndexedSentence => ({
      text: terms.join(' '),
      index: 0,
      terms: new Set(terms),
    });
    const idf = (term: string) => (term === 'hoogeschool' ? 4 : 1);
    const studied = sentence(['mulai', 'kuliah', 'hoogeschool']);
    expect(coveredShare(studied, [sentence(['hoogeschool'])], idf)).toBeCloseTo(4 / 6);
    expect(coveredShare(studied, [sentence(['mulai'])], idf)).toBeCloseTo(1 / 6);
    // The others together: a term counts once, whichever of them holds it.
    expect(
      coveredShare(studied, [sentence(['mulai', 'kuliah']), sentence(['kuliah'])], idf),
    ).toBeCloseTo(2 / 6);
    expect(coveredShare(sentence([]), [studied], idf)).toBe(0);
  });
});

describe("what a place is today stays out of the figure's voice", () => {
  it.each([
    [
      'Mohammad Hatta lahir pada 12 Agustus 1902 di Fort de Kock, kota di Sumatra Barat yang kini bernama Bukittinggi.',
      'Mohammad Hatta lahir pada 12 Agustus 1902 di Fort de Kock, kota di Sumatra Barat.',
    ],
    [
      'Pada 1919 Mohammad Hatta pindah ke Batavia, kini Jakarta, untuk bersekolah.',
      'Pada 1919 Mohammad Hatta pindah ke Batavia untuk bersekolah.',
    ],
    [
      'Trikora dikeluarkan untuk merebut Irian Barat (kini Papua) dari Belanda.',
      'Trikora dikeluarkan untuk merebut Irian Barat dari Belanda.',
    ],
    [
      'Soekarno belajar di Technische Hoogeschool yang dibuka pada 1920 dan kini dikenal sebagai ITB.',
      'Soekarno belajar di Technische Hoogeschool yang dibuka pada 1920.',
    ],
  ])('drops the side note on today from %j', (sentence, spoken) => {
    expect(withoutToday(sentence)).toBe(spoken);
    expect(afterLifetime(sentence, 'hatta')).toBe(false);
  });

  it('gives the modern name in a narrator note after the sentence', () => {
    expect(
      todayNote('Pada 1919 Mohammad Hatta pindah ke Batavia, kini Jakarta, untuk bersekolah.'),
    ).toBe(`(${NARRATOR_PREFIX} Batavia kini Jakarta.)`);
    expect(
      todayNote('Trikora dikeluarkan untuk merebut Irian Barat (kini Papua) dari Belanda.'),
    ).toBe(`(${NARRATOR_PREFIX} Irian Barat kini Papua.)`);
    expect(todayNote('Hatta lahir pada 1902 di Fort de Kock.')).toBeNull();
  });

  it("keeps Bukittinggi in Hatta's answer on his birthplace, outside his voice", async () => {
    const answer = generator.compose(inputFor('Di kota mana Bapak lahir?', 'hatta'));
    expect(answer.text).toMatch(
      new RegExp(`Fort de Kock[^.]*\\. \\(${NARRATOR_PREFIX} [^)]*Bukittinggi\\.\\)`),
    );
  });

  it('leaves a sentence about today to the narrator', () => {
    const today = 'Rumah pengasingan Soekarno di Ende kini menjadi situs sejarah.';
    expect(afterLifetime(today, 'soekarno')).toBe(true);
    expect(afterLifetime('Soekarno dibuang ke Ende pada 1934.', 'soekarno')).toBe(false);
  });

  it.each([
    ['Beberapa hari sebelum Soekarno wafat, Mohammad Hatta menjenguknya.', 'hatta', false],
    ['Muhammad Djamil wafat ketika Hatta masih bayi.', 'hatta', false],
    ['Hatta berziarah ke makam Bung Karno di Blitar.', 'hatta', false],
    ['Sebelum wafat, Hatta dirawat di rumah sakit selama sebelas hari.', 'hatta', true],
    ['Walaupun wafat di Jakarta, Soekarno dimakamkan di Blitar.', 'soekarno', true],
    [
      'Ibunya wafat di Blitar, dan kelak Soekarno dimakamkan di dekat makam ibunya.',
      'soekarno',
      true,
    ],
    [
      'Setelah Hatta wafat, gambar Hatta bersama Soekarno dicetak pada uang kertas.',
      'soekarno',
      true,
    ],
    ['Nasser wafat tiga bulan setelah Soekarno wafat.', 'soekarno', true],
  ] as const)('reads whose death %j tells, for %s (after his life: %s)', (s, karakter, after) => {
    expect(afterLifetime(s, karakter)).toBe(after);
  });
});
