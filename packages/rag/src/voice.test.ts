import { describe, expect, it } from 'vitest';
import { toFirstPerson } from './voice';

describe('toFirstPerson', () => {
  it('turns the speaking figure, as subject, into "Saya"', () => {
    expect(toFirstPerson('Hatta lahir di Bukittinggi.', 'hatta')).toBe(
      'Saya lahir di Bukittinggi.',
    );
    expect(toFirstPerson('Mohammad Hatta lahir pada 12 Agustus 1902.', 'hatta')).toBe(
      'Saya lahir pada 12 Agustus 1902.',
    );
    expect(toFirstPerson('Bung Karno berpidato di Bandung.', 'soekarno')).toBe(
      'Saya berpidato di Bandung.',
    );
    expect(toFirstPerson('Ir. Soekarno membacakan teks itu.', 'soekarno')).toBe(
      'Saya membacakan teks itu.',
    );
  });

  it('turns safe inner mentions into "saya" and kinship "-nya" of the subject into "saya"', () => {
    expect(toFirstPerson('Keluarga Hatta adalah keluarga pedagang.', 'hatta')).toBe(
      'Keluarga saya adalah keluarga pedagang.',
    );
    expect(toFirstPerson('Ayah Mohammad Hatta bernama Haji Muhammad Djamil.', 'hatta')).toBe(
      'Ayah saya bernama Haji Muhammad Djamil.',
    );
    expect(toFirstPerson('Pemuda membawa Soekarno dan Hatta ke Rengasdengklok.', 'hatta')).toBe(
      'Pemuda membawa Soekarno dan saya ke Rengasdengklok.',
    );
    expect(toFirstPerson('Pada 1933 Hatta kembali.', 'hatta')).toBe('Pada 1933 saya kembali.');
    expect(toFirstPerson('Hatta dibesarkan oleh keluarga ibunya.', 'hatta')).toBe(
      'Saya dibesarkan oleh keluarga ibu saya.',
    );
    expect(toFirstPerson('Hatta berjanji bahwa ia tidak akan menikah.', 'hatta')).toBe(
      'Saya berjanji bahwa saya tidak akan menikah.',
    );
  });

  it('leaves names that are part of a longer name, a title or a quotation alone', () => {
    for (const [sentence, who] of [
      ['Rahmi Hatta wafat pada 1999.', 'hatta'],
      ['Bandara Soekarno-Hatta dibuka pada 1985.', 'hatta'],
      ['Bandara Soekarno-Hatta dibuka pada 1985.', 'soekarno'],
      ['Stadion Gelora Bung Karno dibangun untuk Asian Games.', 'soekarno'],
      ['Buku "Bung Hatta di Mata Tiga Putrinya" terbit pada 2015.', 'hatta'],
      ['Universitas Bung Hatta berdiri di Padang.', 'hatta'],
      ['Guntur Soekarno adalah putra sulung.', 'soekarno'],
      ['Kabinet Hatta II bekerja hingga 1950.', 'hatta'],
      ['Ayahnya mengganti namanya menjadi Soekarno sesuai kebiasaan Jawa.', 'soekarno'],
      ['Sejak itu ia dikenal sebagai Ir. Soekarno.', 'soekarno'],
      ['Rakyat memanggilnya dengan akrab Bung Hatta.', 'hatta'],
    ] as const) {
      expect(toFirstPerson(sentence, who)).toBe(sentence);
    }
  });

  it('makes every other mention of the speaker first person: titles, agents, possessors', () => {
    for (const [sentence, who, spoken] of [
      [
        'Supersemar ditandatangani Presiden Soekarno di Bogor.',
        'soekarno',
        'Supersemar saya tandatangani di Bogor.',
      ],
      [
        'Teks itu dibacakan Soekarno di Pegangsaan.',
        'soekarno',
        'Teks itu saya bacakan di Pegangsaan.',
      ],
      [
        'Maklumat X ditandatangani Mohammad Hatta pada 16 Oktober 1945.',
        'hatta',
        'Maklumat X saya tandatangani pada 16 Oktober 1945.',
      ],
      [
        'Naskah itu ditandatangani oleh Ratu Juliana dan Perdana Menteri RIS Mohammad Hatta.',
        'hatta',
        'Naskah itu ditandatangani oleh Ratu Juliana dan saya.',
      ],
      ['Nama kecil Soekarno adalah Koesno.', 'soekarno', 'Nama kecil saya adalah Koesno.'],
      [
        'Hukuman Soekarno kemudian dikurangi, sehingga masa tahanannya menjadi dua tahun.',
        'soekarno',
        'Hukuman saya kemudian dikurangi, sehingga masa tahanan saya menjadi dua tahun.',
      ],
      [
        'Sebagai wakil ketua, Hatta ikut memimpin sidang.',
        'hatta',
        'Sebagai wakil ketua, saya ikut memimpin sidang.',
      ],
      [
        'Studi Hatta berjalan lama karena ia aktif di Perhimpunan Indonesia.',
        'hatta',
        'Studi saya berjalan lama karena saya aktif di Perhimpunan Indonesia.',
      ],
      [
        'Konsep itu dikembangkan Presiden Soekarno pada masa Demokrasi Terpimpin.',
        'soekarno',
        'Konsep itu saya kembangkan pada masa Demokrasi Terpimpin.',
      ],
    ] as const) {
      expect(toFirstPerson(sentence, who)).toBe(spoken);
    }
  });

  it('leaves a pronoun that points at someone else alone', () => {
    expect(toFirstPerson('Hatta bertemu Sjahrir, dan ia mengajar anak-anak.', 'hatta')).toBe(
      'Saya bertemu Sjahrir, dan ia mengajar anak-anak.',
    );
  });

  it('never touches the other figure', () => {
    const sentence = 'Soekarno dan Hatta membacakan proklamasi.';
    expect(toFirstPerson(sentence, 'soekarno')).toBe('Saya dan Hatta membacakan proklamasi.');
    expect(toFirstPerson(sentence, 'hatta')).toBe('Soekarno dan saya membacakan proklamasi.');
    expect(toFirstPerson('Sjahrir lahir di Padang Panjang.', 'hatta')).toBe(
      'Sjahrir lahir di Padang Panjang.',
    );
  });
});

describe('toFirstPerson after a sentence-initial function word', () => {
  it('treats "Ketika Hatta ..." like a subject clause', () => {
    expect(
      toFirstPerson(
        'Ketika Mohammad Hatta tiba di Belanda pada 1921, ia segera bergabung.',
        'hatta',
      ),
    ).toBe('Ketika saya tiba di Belanda pada 1921, saya segera bergabung.');
    // A preposition is not a clause: "ia" there is Sjahrir, not the speaker.
    expect(toFirstPerson('Bersama Hatta, Sjahrir mengajar; ia guru yang sabar.', 'hatta')).toBe(
      'Bersama saya, Sjahrir mengajar; ia guru yang sabar.',
    );
  });
});

describe('toFirstPerson and possessives of the speaking figure', () => {
  it('puts a qualified kinship possessive in the first person when the speaker owns it', () => {
    expect(
      toFirstPerson(
        'Hatta adalah anak kedua dalam keluarganya, setelah kakak perempuannya, Rafiah, yang lahir pada 1900.',
        'hatta',
      ),
    ).toBe(
      'Saya adalah anak kedua dalam keluarga saya, setelah kakak perempuan saya, Rafiah, yang lahir pada 1900.',
    );
    expect(toFirstPerson('Hatta tinggal bersama ibu mertuanya.', 'hatta')).toBe(
      'Saya tinggal bersama ibu mertua saya.',
    );
    expect(
      toFirstPerson(
        'Hatta mengundurkan diri sebagai Wakil Presiden, dan pengunduran dirinya berlaku sejak 1 Desember 1956.',
        'hatta',
      ),
    ).toBe(
      'Saya mengundurkan diri sebagai Wakil Presiden, dan pengunduran diri saya berlaku sejak 1 Desember 1956.',
    );
  });

  it('reads the speaker as the possessor when the speaker is the last person named before it', () => {
    expect(
      toFirstPerson(
        'Muhammad Djamil wafat ketika Hatta masih bayi, sehingga Hatta hampir tidak mengenal ayahnya.',
        'hatta',
      ),
    ).toBe(
      'Muhammad Djamil wafat ketika saya masih bayi, sehingga saya hampir tidak mengenal ayah saya.',
    );
    // Place names are not possessors: "di Blitar, Jawa Timur".
    expect(
      toFirstPerson(
        'Pemerintah memutuskan agar Soekarno dimakamkan di Blitar, Jawa Timur, di samping makam ibunya.',
        'soekarno',
      ),
    ).toBe(
      'Pemerintah memutuskan agar saya dimakamkan di Blitar, Jawa Timur, di samping makam ibu saya.',
    );
    expect(
      toFirstPerson('Pada awal 1934 Soekarno tiba di Ende bersama istrinya.', 'soekarno'),
    ).toBe('Pada awal 1934 saya tiba di Ende bersama istri saya.');
  });

  it('leaves a possessive alone when another person is nearer, and never touches other words', () => {
    // Inggit's husband is not the speaker's: the facts must not change.
    expect(
      toFirstPerson(
        'Soekarno mengenal Inggit ketika indekos di rumah Inggit dan suaminya saat itu, Haji Sanusi.',
        'soekarno',
      ),
    ).toBe(
      'Saya mengenal Inggit ketika indekos di rumah Inggit dan suaminya saat itu, Haji Sanusi.',
    );
    expect(toFirstPerson('Hatta bertemu Sjahrir dan ayahnya.', 'hatta')).toBe(
      'Saya bertemu Sjahrir dan ayahnya.',
    );
    // "dikenal dengan nama X" gives a name; "Nama Hatta" is his name.
    expect(
      toFirstPerson('Kelak Muhammad Athar lebih dikenal dengan nama Mohammad Hatta.', 'hatta'),
    ).toBe('Kelak Muhammad Athar lebih dikenal dengan nama Mohammad Hatta.');
    // A relative named first owns the later "-nya"; two relatives in a row are both his.
    expect(
      toFirstPerson(
        'Soekarno menyayangi ibunya, tetapi keluarganya menolak pernikahan itu.',
        'soekarno',
      ),
    ).toBe('Saya menyayangi ibu saya, tetapi keluarganya menolak pernikahan itu.');
    expect(toFirstPerson('Soekarno mencintai ibunya dan ayahnya.', 'soekarno')).toBe(
      'Saya mencintai ibu saya dan ayah saya.',
    );
    // An opening attribution names a source, not the owner: the speaker owns the "-nya".
    expect(
      toFirstPerson(
        'Menurut penuturan Soekarno kepada seorang wartawan Amerika, ibunya orang Bali.',
        'soekarno',
      ),
    ).toBe('Menurut penuturan saya kepada seorang wartawan Amerika, ibu saya orang Bali.');
    expect(toFirstPerson('Menurut Cindy Adams, ibunya orang Bali.', 'soekarno')).toBe(
      'Menurut Cindy Adams, ibunya orang Bali.',
    );
    expect(toFirstPerson('Setelah Soekarno tiba, mereka menemui ibunya.', 'soekarno')).toBe(
      'Setelah saya tiba, mereka menemui ibunya.',
    );
    // "ibu kota" (a capital city) is not a mother; a quotation is never rewritten.
    expect(toFirstPerson('Hatta mengunjungi ibu kotanya.', 'hatta')).toBe(
      'Saya mengunjungi ibu kotanya.',
    );
    expect(toFirstPerson('Hatta menulis, "Ibu adalah ibunya bangsa."', 'hatta')).toBe(
      'Saya menulis, "Ibu adalah ibunya bangsa."',
    );
    // Nothing changes in a sentence that does not name the speaker.
    expect(toFirstPerson('Sjahrir tinggal bersama kakak perempuannya.', 'hatta')).toBe(
      'Sjahrir tinggal bersama kakak perempuannya.',
    );
  });
});
