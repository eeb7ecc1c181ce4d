import { describe, expect, it } from 'vitest';
import { toFirstPerson, weTwoAfter } from './voice';

type Figure = Parameters<typeof toFirstPerson>[1];

/** A sentence, the figure who speaks, and what that figure says in the first person. */
type Row = readonly [string, Figure, string];

function expectSpoken(rows: readonly Row[]) {
  for (const [sentence, who, spoken] of rows) {
    expect(toFirstPerson(sentence, who), `${who}: ${sentence}`).toBe(spoken);
  }
}

describe('toFirstPerson', () => {
  it('turns the speaking figure, as subject, into "Saya"', () => {
    expectSpoken([
      ['Hatta lahir di Bukittinggi.', 'hatta', 'Saya lahir di Bukittinggi.'],
      ['Mohammad Hatta lahir pada 12 Agustus 1902.', 'hatta', 'Saya lahir pada 12 Agustus 1902.'],
      ['Bung Karno berpidato di Bandung.', 'soekarno', 'Saya berpidato di Bandung.'],
      ['Ir. Soekarno membacakan teks itu.', 'soekarno', 'Saya membacakan teks itu.'],
    ]);
  });

  it('turns safe inner mentions into "saya" and kinship "-nya" of the subject into "saya"', () => {
    expectSpoken([
      [
        'Keluarga Hatta adalah keluarga pedagang.',
        'hatta',
        'Keluarga saya adalah keluarga pedagang.',
      ],
      [
        'Ayah Mohammad Hatta bernama Haji Muhammad Djamil.',
        'hatta',
        'Ayah saya bernama Haji Muhammad Djamil.',
      ],
      [
        'Pemuda membawa Soekarno dan Hatta ke Rengasdengklok.',
        'hatta',
        'Pemuda membawa Bung Karno dan saya ke Rengasdengklok.',
      ],
      ['Pada 1933 Hatta kembali.', 'hatta', 'Pada 1933 saya kembali.'],
      [
        'Hatta dibesarkan oleh keluarga ibunya.',
        'hatta',
        'Saya dibesarkan oleh keluarga ibu saya.',
      ],
      [
        'Hatta berjanji bahwa ia tidak akan menikah.',
        'hatta',
        'Saya berjanji bahwa saya tidak akan menikah.',
      ],
    ]);
  });

  it('leaves names that are part of a longer name, a title or a quotation alone', () => {
    const unchanged = [
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
      ['Ia kuliah di Universitas Bung Hatta.', 'hatta'],
    ] as const;
    expectSpoken(unchanged.map(([sentence, who]) => [sentence, who, sentence]));
  });

  it('makes every other mention of the speaker first person: titles, agents, possessors', () => {
    expectSpoken([
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
    ]);
  });

  it('leaves a pronoun that points at someone else alone', () => {
    const sentence = 'Hatta bertemu Sjahrir, dan ia mengajar anak-anak.';
    expectSpoken([[sentence, 'hatta', sentence.replace('Hatta', 'Saya')]]);
  });

  it('never reads an idea as the owner of a personal noun ("Pancasila, ... menurutnya")', () => {
    expectSpoken([
      [
        'Soekarno menyebut gagasan itu Pancasila, nama yang menurutnya tepat.',
        'soekarno',
        'Saya menyebut gagasan itu Pancasila, nama yang menurut saya tepat.',
      ],
    ]);
  });

  it('makes his power and office his own ("kekuasaannya dicabut")', () => {
    expectSpoken([
      [
        'Soekarno menjabat presiden hingga kekuasaannya dicabut oleh MPRS pada 1967.',
        'soekarno',
        'Saya menjabat presiden hingga kekuasaan saya dicabut oleh MPRS pada 1967.',
      ],
    ]);
  });

  it('makes a person of his his own after "menjadi" ("menjadi dokter pribadi Soekarno")', () => {
    expectSpoken([
      [
        'Sejak 1942 dr. Soeharto menjadi dokter pribadi Soekarno.',
        'soekarno',
        'Sejak 1942 dr. Soeharto menjadi dokter pribadi saya.',
      ],
      // A name followed by a verb is the subject of its clause, not a name given.
      [
        'Kebuntuan Konstituante menjadi alasan utama Soekarno mengeluarkan dekret itu.',
        'soekarno',
        'Kebuntuan Konstituante menjadi alasan utama saya mengeluarkan dekret itu.',
      ],
      // The name given stays a name.
      [
        'Pada 1906 nama Koesno diganti menjadi Soekarno.',
        'soekarno',
        'Pada 1906 nama Koesno diganti menjadi Soekarno.',
      ],
    ]);
  });

  it('leaves the "-nya" of someone who met him theirs ("mendampingi suaminya")', () => {
    expectSpoken([
      [
        'Cindy Adams adalah wartawati yang bertemu Soekarno pada 1961, ketika mendampingi suaminya.',
        'soekarno',
        'Cindy Adams adalah wartawati yang bertemu saya pada 1961, ketika mendampingi suaminya.',
      ],
    ]);
  });

  it('never makes the other figure the speaker; Hatta calls him "Bung Karno"', () => {
    const sentence = 'Soekarno dan Hatta membacakan proklamasi.';
    expectSpoken([
      [sentence, 'soekarno', 'Saya dan Hatta membacakan proklamasi.'],
      [sentence, 'hatta', 'Bung Karno dan saya membacakan proklamasi.'],
      ['Presiden Soekarno tiba di Bogor.', 'hatta', 'Presiden Soekarno tiba di Bogor.'],
      ['Bandara Soekarno-Hatta dibuka.', 'hatta', 'Bandara Soekarno-Hatta dibuka.'],
      [
        'Saya berbeda pendapat dengan Soekarno.',
        'hatta',
        'Saya berbeda pendapat dengan Bung Karno.',
      ],
      ['Sjahrir lahir di Padang Panjang.', 'hatta', 'Sjahrir lahir di Padang Panjang.'],
    ]);
  });
});

describe('toFirstPerson after a sentence-initial function word', () => {
  it('makes the further items of a list of his relatives his own', () => {
    expectSpoken([
      [
        'Soekarno tiba di Ende bersama istrinya Inggit Garnasih, anak angkat mereka Ratna Djuami, dan ibu mertuanya, Ibu Amsi.',
        'soekarno',
        'Saya tiba di Ende bersama istri saya Inggit Garnasih, anak angkat kami Ratna Djuami, dan ibu mertua saya, Ibu Amsi.',
      ],
    ]);
  });

  it('treats "Ketika Hatta ..." like a subject clause', () => {
    expectSpoken([
      // A place before the name ends its phrase: the name starts the clause.
      [
        'Di Rotterdam Hatta mempelajari ilmu ekonomi.',
        'hatta',
        'Di Rotterdam saya mempelajari ilmu ekonomi.',
      ],
      [
        'Ketika Mohammad Hatta tiba di Belanda pada 1921, ia segera bergabung.',
        'hatta',
        'Ketika saya tiba di Belanda pada 1921, saya segera bergabung.',
      ],
      // A preposition is not a clause: "ia" there is Sjahrir, not the speaker.
      [
        'Bersama Hatta, Sjahrir mengajar; ia guru yang sabar.',
        'hatta',
        'Bersama saya, Sjahrir mengajar; ia guru yang sabar.',
      ],
    ]);
  });
});

describe('toFirstPerson and possessives of the speaking figure', () => {
  const cases: Record<string, Row[]> = {
    'puts a qualified kinship possessive in the first person when the speaker owns it': [
      [
        'Hatta adalah anak kedua dalam keluarganya, setelah kakak perempuannya, Rafiah, yang lahir pada 1900.',
        'hatta',
        'Saya adalah anak kedua dalam keluarga saya, setelah kakak perempuan saya, Rafiah, yang lahir pada 1900.',
      ],
      ['Hatta tinggal bersama ibu mertuanya.', 'hatta', 'Saya tinggal bersama ibu mertua saya.'],
      [
        'Hatta mengundurkan diri sebagai Wakil Presiden, dan pengunduran dirinya berlaku sejak 1 Desember 1956.',
        'hatta',
        'Saya mengundurkan diri sebagai Wakil Presiden, dan pengunduran diri saya berlaku sejak 1 Desember 1956.',
      ],
    ],
    'reads the speaker as the possessor when the speaker is the last person named before it': [
      [
        'Muhammad Djamil wafat ketika Hatta masih bayi, sehingga Hatta hampir tidak mengenal ayahnya.',
        'hatta',
        'Muhammad Djamil wafat ketika saya masih bayi, sehingga saya hampir tidak mengenal ayah saya.',
      ],
      // Place names are not possessors: "di Blitar, Jawa Timur".
      [
        'Pemerintah memutuskan agar Soekarno dimakamkan di Blitar, Jawa Timur, di samping makam ibunya.',
        'soekarno',
        'Pemerintah memutuskan agar saya dimakamkan di Blitar, Jawa Timur, di samping makam ibu saya.',
      ],
      [
        'Pada awal 1934 Soekarno tiba di Ende bersama istrinya.',
        'soekarno',
        'Pada awal 1934 saya tiba di Ende bersama istri saya.',
      ],
    ],
    'leaves a possessive alone when another person is nearer, and never touches other words': [
      // Inggit's husband is not the speaker's: the facts must not change.
      [
        'Soekarno mengenal Inggit ketika indekos di rumah Inggit dan suaminya saat itu, Haji Sanusi.',
        'soekarno',
        'Saya mengenal Inggit ketika indekos di rumah Inggit dan suaminya saat itu, Haji Sanusi.',
      ],
      ['Hatta bertemu Sjahrir dan ayahnya.', 'hatta', 'Saya bertemu Sjahrir dan ayahnya.'],
      // After a place and a comma, a name followed by a verb is a person, not more of the place.
      [
        'Ketika Soekarno dirawat di Jakarta, Hatta datang menjenguk sahabatnya itu.',
        'soekarno',
        'Ketika saya dirawat di Jakarta, Hatta datang menjenguk sahabatnya itu.',
      ],
      // A lodger's house is his host's.
      [
        'Tjokroaminoto menjadi guru bagi banyak tokoh muda, termasuk Soekarno yang indekos di rumahnya di Surabaya.',
        'soekarno',
        'Tjokroaminoto menjadi guru bagi banyak tokoh muda, termasuk saya yang indekos di rumahnya di Surabaya.',
      ],
      [
        'Setelah Soekarno tiba, mereka menemui ibunya.',
        'soekarno',
        'Setelah saya tiba, mereka menemui ibunya.',
      ],
      // "ibu kota" (a capital city) is not a mother; a quotation is never rewritten.
      ['Hatta mengunjungi ibu kotanya.', 'hatta', 'Saya mengunjungi ibu kotanya.'],
      [
        'Hatta menulis, "Ibu adalah ibunya bangsa."',
        'hatta',
        'Saya menulis, "Ibu adalah ibunya bangsa."',
      ],
      // Nothing changes in a sentence that does not name the speaker.
      [
        'Sjahrir tinggal bersama kakak perempuannya.',
        'hatta',
        'Sjahrir tinggal bersama kakak perempuannya.',
      ],
    ],
    'reads names given, attributions and relatives as a reader would': [
      // "dikenal dengan nama X" gives a name; "Nama Hatta" is his name.
      [
        'Kelak Muhammad Athar lebih dikenal dengan nama Mohammad Hatta.',
        'hatta',
        'Kelak Muhammad Athar lebih dikenal dengan nama Mohammad Hatta.',
      ],
      [
        'Nama Hatta diambil dari nama kakeknya.',
        'hatta',
        'Nama saya diambil dari nama kakek saya.',
      ],
      // A relative named first owns the later "-nya"; two relatives in a row are both his.
      [
        'Soekarno menyayangi ibunya, tetapi keluarganya menolak pernikahan itu.',
        'soekarno',
        'Saya menyayangi ibu saya, tetapi keluarganya menolak pernikahan itu.',
      ],
      [
        'Soekarno mencintai ibunya dan ayahnya.',
        'soekarno',
        'Saya mencintai ibu saya dan ayah saya.',
      ],
      // An opening attribution names a source, not the owner: the speaker owns the "-nya".
      [
        'Menurut penuturan Soekarno kepada seorang wartawan Amerika, ibunya orang Bali.',
        'soekarno',
        'Menurut penuturan saya kepada seorang wartawan Amerika, ibu saya orang Bali.',
      ],
      [
        'Menurut Cindy Adams, ibunya orang Bali.',
        'soekarno',
        'Menurut Cindy Adams, ibunya orang Bali.',
      ],
    ],
  };
  for (const [title, rows] of Object.entries(cases)) it(title, () => expectSpoken(rows));
});

describe('toFirstPerson: what is his, who "mereka" are, and what names no person', () => {
  const cases: Record<string, readonly Row[]> = {
    'gives him the "-nya" of his childhood name and of his companions': [
      [
        'Menurut penuturan Soekarno, Koesno kecil sering sakit, sehingga ayahnya mengganti nama.',
        'soekarno',
        'Menurut penuturan saya, Koesno kecil sering sakit, sehingga ayah saya mengganti nama.',
      ],
      // A state or nation named between is no person: the companion is still his.
      [
        'Soekarno ditangkap polisi Hindia Belanda di Yogyakarta bersama rekannya, Gatot.',
        'soekarno',
        'Saya ditangkap polisi Hindia Belanda di Yogyakarta bersama rekan saya, Gatot.',
      ],
      [
        'Pemerintah Belanda mencurigai Hatta dan kawan-kawannya.',
        'hatta',
        'Pemerintah Belanda mencurigai saya dan kawan-kawan saya.',
      ],
      ['Hatta meminta sekretarisnya pulang.', 'hatta', 'Saya meminta sekretaris saya pulang.'],
      // A "-nya" in an opening clause of time points forward at the clause's subject.
      [
        'Setelah kekuasaannya dicabut pada 1967, Soekarno menjalani masa akhir hidupnya dalam status tahanan rumah.',
        'soekarno',
        'Setelah kekuasaan saya dicabut pada 1967, saya menjalani masa akhir hidup saya dalam status tahanan rumah.',
      ],
      [
        'Setelah ayahnya wafat, Fatmawati pindah ke Jakarta.',
        'soekarno',
        'Setelah ayahnya wafat, Fatmawati pindah ke Jakarta.',
      ],
      // A month names no one: "saya" after "kepada" is still the nearest person.
      [
        'Pada 22 Desember 1930, hakim menjatuhkan hukuman empat tahun kepada Soekarno, sedangkan ketiga rekannya menerima hukuman lebih ringan.',
        'soekarno',
        'Pada 22 Desember 1930, hakim menjatuhkan hukuman empat tahun kepada saya, sedangkan ketiga rekan saya menerima hukuman lebih ringan.',
      ],
      [
        'Karena perannya dalam pidato 1 Juni itu, Soekarno dikenal luas sebagai penggali Pancasila.',
        'soekarno',
        'Karena peran saya dalam pidato 1 Juni itu, saya dikenal luas sebagai penggali Pancasila.',
      ],
      // A body or a building named between is no person: "ia" is still he.
      [
        'Pada 1927 Hatta menghadiri kongres pendirian Liga Menentang Imperialisme di Brussel, tempat ia bertemu Nehru.',
        'hatta',
        'Pada 1927 saya menghadiri kongres pendirian Liga Menentang Imperialisme di Brussel, tempat saya bertemu Nehru.',
      ],
      // ... but a person named between is the nearer one.
      [
        'Hatta bertemu Sjahrir di Penjara Glodok, tempat ia ditahan.',
        'hatta',
        'Saya bertemu Sjahrir di Penjara Glodok, tempat ia ditahan.',
      ],
      // Someone else's childhood name or companion stays his.
      [
        'Soekarno mengenal Sjahrir bersama rekannya.',
        'soekarno',
        'Saya mengenal Sjahrir bersama rekannya.',
      ],
    ],
    'makes "mereka" and "keduanya" "kami" once he is one of them': [
      [
        'Di Yogyakarta, Hatta dan Rahmi membina rumah tangga mereka.',
        'hatta',
        'Di Yogyakarta, saya dan Rahmi membina rumah tangga kami.',
      ],
      [
        'Pernikahan Soekarno dengan Inggit tidak dikaruniai anak, tetapi keduanya mengangkat Ratna.',
        'soekarno',
        'Pernikahan saya dengan Inggit tidak dikaruniai anak, tetapi kami berdua mengangkat Ratna.',
      ],
      [
        'Pengadilan membebaskan Hatta, Nazir Pamontjak, dan Ali karena tuduhan terhadap mereka lemah.',
        'hatta',
        'Pengadilan membebaskan saya, Nazir Pamontjak, dan Ali karena tuduhan terhadap kami lemah.',
      ],
      // Not when "saya" owns a noun, names a source, or starts a new clause.
      [
        'Ibu Soekarno dan kakaknya tinggal di Blitar, dan Soekarno sering mengunjungi mereka.',
        'soekarno',
        'Ibu saya dan kakak saya tinggal di Blitar, dan saya sering mengunjungi mereka.',
      ],
      [
        'Menurut penuturan Soekarno, Raden Soekemi dan Nyoman Rai menikah sebelum pernikahan mereka diakui.',
        'soekarno',
        'Menurut penuturan saya, Raden Soekemi dan Nyoman Rai menikah sebelum pernikahan mereka diakui.',
      ],
      [
        'Setelah Hatta tiba, mereka menemui Sjahrir.',
        'hatta',
        'Setelah saya tiba, mereka menemui Sjahrir.',
      ],
    ],
    // "Dalam suratnya ..., Hatta menyatakan": the possessive points forward at the subject.
    'a "-nya" in an opening phrase belongs to the speaker who follows it': [
      [
        'Dalam tulisan-tulisannya pada awal 1930-an, Soekarno merumuskan Marhaenisme sebagai sosio-nasionalisme dan sosio-demokrasi.',
        'soekarno',
        'Dalam tulisan-tulisan saya pada awal 1930-an, saya merumuskan Marhaenisme sebagai sosio-nasionalisme dan sosio-demokrasi.',
      ],
      [
        'Dalam suratnya kepada DPR tertanggal 20 Juli 1956, Hatta menyatakan bahwa sudah tiba waktunya ia mundur.',
        'hatta',
        'Dalam surat saya kepada DPR tertanggal 20 Juli 1956, saya menyatakan bahwa sudah tiba waktunya saya mundur.',
      ],
      // Whom it was told to owns nothing of it.
      [
        'Dalam otobiografinya yang dituturkan kepada Cindy Adams, Soekarno menyebut Surabaya sebagai kota kelahirannya.',
        'soekarno',
        'Dalam otobiografi saya yang dituturkan kepada Cindy Adams, saya menyebut Surabaya sebagai kota kelahiran saya.',
      ],
    ],
    // His father's or mother's child is him, when the parent was named last; not at a grave.
    "his parent's child is him": [
      [
        'Raden Soekemi menitipkan putranya kepada Tjokroaminoto.',
        'soekarno',
        'Raden Soekemi menitipkan saya kepada Tjokroaminoto.',
      ],
      [
        'Siti Saleha sangat memperhatikan pendidikan putranya.',
        'hatta',
        'Siti Saleha sangat memperhatikan pendidikan saya.',
      ],
      [
        'Makam Raden Soekemi berdampingan dengan makam istri dan putranya.',
        'soekarno',
        'Makam Raden Soekemi berdampingan dengan makam istri dan putranya.',
      ],
      [
        'Tjokroaminoto menikahkan Oetari, anaknya, dengan Soekarno.',
        'soekarno',
        'Tjokroaminoto menikahkan Oetari, anaknya, dengan saya.',
      ],
    ],
    // A plural by reduplication opening the sentence is his, as its noun is.
    'a reduplicated noun before his name is his': [
      [
        'Tulisan-tulisan Hatta dari pembuangan dimuat di surat kabar Jakarta.',
        'hatta',
        'Tulisan-tulisan saya dari pembuangan dimuat di surat kabar Jakarta.',
      ],
    ],
    // A month of the Islamic calendar names no one: "menurutnya" after it is his view.
    'a month of the Islamic calendar is no person': [
      [
        'Soekarno menyebut bahwa proklamasi jatuh pada bulan suci Ramadan, yang menurutnya membawa berkah.',
        'soekarno',
        'Saya menyebut bahwa proklamasi jatuh pada bulan suci Ramadan, yang menurut saya membawa berkah.',
      ],
    ],
    // Moved on again in a sentence that already moved or exiled him: him; a thing moved on in a
    // sentence that did not: it.
    'the one moved on again is him when the sentence already held him': [
      [
        'Menjelang kedatangan Jepang, Belanda memindahkan Soekarno dari Bengkulu ke Padang, tetapi tidak sempat membawanya keluar dari Sumatra.',
        'soekarno',
        'Menjelang kedatangan Jepang, Belanda memindahkan saya dari Bengkulu ke Padang, tetapi tidak sempat membawa saya keluar dari Sumatra.',
      ],
      [
        'Masa pengasingan Hatta di Banda Neira berakhir pada awal 1942, ketika Belanda memindahkannya ke Jawa.',
        'hatta',
        'Masa pengasingan saya di Banda Neira berakhir pada awal 1942, ketika Belanda memindahkan saya ke Jawa.',
      ],
      [
        'Soekarno menerima bendera pusaka dan kemudian membawanya ke Yogyakarta.',
        'soekarno',
        'Saya menerima bendera pusaka dan kemudian membawanya ke Yogyakarta.',
      ],
    ],
    // A verb whose object is a person: him when he was named last.
    'the person a verb visits or accompanies is him when he was named last': [
      [
        'Inggit membantu membiayai kuliah Soekarno dan setia mengunjunginya selama di penjara Banceuy.',
        'soekarno',
        'Inggit membantu membiayai kuliah saya dan setia mengunjungi saya selama di penjara Banceuy.',
      ],
      [
        'Hatta menulis Demokrasi Kita dan Panji Masyarakat menerbitkannya pada 1960.',
        'hatta',
        'Saya menulis Demokrasi Kita dan Panji Masyarakat menerbitkannya pada 1960.',
      ],
      [
        'Soekarno dikenal sangat menghormati ibunya dan kerap mengunjunginya di Blitar.',
        'soekarno',
        'Saya dikenal sangat menghormati ibu saya dan kerap mengunjunginya di Blitar.',
      ],
      [
        'Inggit Garnasih adalah istri kedua Soekarno yang mendampinginya pada masa perjuangan paling berat.',
        'soekarno',
        'Inggit Garnasih adalah istri kedua saya yang mendampingi saya pada masa perjuangan paling berat.',
      ],
      [
        'Soekarno sakit parah pada 1970, dan Hatta menjenguknya di rumah sakit.',
        'soekarno',
        'Saya sakit parah pada 1970, dan Hatta menjenguknya di rumah sakit.',
      ],
      // He visits: the one visited is someone else. He is visited: it is him.
      [
        'Beberapa hari sebelum Soekarno wafat, Mohammad Hatta menjenguknya di rumah sakit.',
        'hatta',
        'Beberapa hari sebelum Bung Karno wafat, saya menjenguknya di rumah sakit.',
      ],
      [
        'Pemerintah Belanda mencurigai Hatta dan kemudian menangkapnya pada 1927.',
        'hatta',
        'Pemerintah Belanda mencurigai saya dan kemudian menangkap saya pada 1927.',
      ],
    ],
    // Someone who becomes a relative is someone else's: his, when he is named before.
    // After "sebagai" or "menjadi", a noun's possessor is him; a label or a title is a name.
    'a thing named after sebagai is his, a name given stays': [
      [
        'Kembalinya Irian Barat dipandang sebagai keberhasilan diplomasi Soekarno.',
        'soekarno',
        'Kembalinya Irian Barat dipandang sebagai keberhasilan diplomasi saya.',
      ],
      [
        'Sejak itu Soekarno dikenal sebagai Ir. Soekarno.',
        'soekarno',
        'Sejak itu saya dikenal sebagai Ir. Soekarno.',
      ],
      [
        'Karena Soekarno lahir pada 6 Juni, bulan Juni dikenang sebagai bulan Bung Karno.',
        'soekarno',
        'Karena saya lahir pada 6 Juni, bulan Juni dikenang sebagai bulan Bung Karno.',
      ],
    ],
    // An idea is no one "ia" could be: after "penggali Pancasila", "ia" is still him.
    'a pronoun skips the names of ideas': [
      [
        'Soekarno dikenal sebagai penggali Pancasila, karena gagasan itu pertama kali ia sampaikan pada 1 Juni 1945.',
        'soekarno',
        'Saya dikenal sebagai penggali Pancasila, karena gagasan itu pertama kali saya sampaikan pada 1 Juni 1945.',
      ],
    ],
    // A passive in the opening phrase of his clause is his: "yang saya tuturkan".
    'a passive agent in the opening phrase is him': [
      [
        'Dalam otobiografi yang dituturkannya kepada Cindy Adams, Soekarno mengakui peran itu.',
        'soekarno',
        'Dalam otobiografi yang saya tuturkan kepada Cindy Adams, saya mengakui peran itu.',
      ],
    ],
    // A pronoun opening a joined clause is the sentence's subject.
    'a pronoun after ", dan" is the subject of the sentence': [
      [
        'Pada 1975 Maramis ikut dalam Panitia Lima yang diketuai Hatta, dan ia wafat di Jakarta pada 1977.',
        'hatta',
        'Pada 1975 Maramis ikut dalam Panitia Lima yang saya ketuai, dan ia wafat di Jakarta pada 1977.',
      ],
      [
        'Pembebasan Soekarno disambut meriah oleh kaum pergerakan, dan ia segera kembali ke panggung politik.',
        'soekarno',
        'Pembebasan saya disambut meriah oleh kaum pergerakan, dan saya segera kembali ke panggung politik.',
      ],
    ],
    'one who becomes a relative becomes his': [
      [
        'Di Bengkulu, Soekarno bersahabat dengan Hassan Din, tokoh Muhammadiyah yang kelak menjadi ayah mertuanya.',
        'soekarno',
        'Di Bengkulu, saya bersahabat dengan Hassan Din, tokoh Muhammadiyah yang kelak menjadi ayah mertua saya.',
      ],
      [
        'Fatmawati adalah putri Hassan Din, yang kemudian menjadi istrinya.',
        'soekarno',
        'Fatmawati adalah putri Hassan Din, yang kemudian menjadi istrinya.',
      ],
    ],
    // A month, an institution or a known place is no possessor.
    // A noun that starts with "di" is no passive verb whose agent he is.
    'a book title that opens with his name keeps it': [
      [
        'Sukarno: An Autobiography as Told to Cindy Adams adalah otobiografi Soekarno yang terbit pada 1965.',
        'soekarno',
        'Sukarno: An Autobiography as Told to Cindy Adams adalah otobiografi saya yang terbit pada 1965.',
      ],
    ],
    'a noun that starts with "di" keeps his name a possessive': [
      [
        'Langkah tersebut merupakan bagian dari perjuangan diplomasi Presiden Soekarno untuk menegaskan tuntutan Indonesia.',
        'soekarno',
        'Langkah tersebut merupakan bagian dari perjuangan diplomasi saya untuk menegaskan tuntutan Indonesia.',
      ],
    ],
    // "-nya" as the agent of a passive: the first-person passive when it is him.
    'a passive whose agent is his "-nya" becomes the first-person passive': [
      [
        'Dengan keputusan itu Hatta terpisah dari perhimpunan yang pernah dipimpinnya pada 1926-1930.',
        'hatta',
        'Dengan keputusan itu saya terpisah dari perhimpunan yang pernah saya pimpin pada 1926-1930.',
      ],
      [
        'Presiden Soekarno mengangkat Subandrio sebagai Menteri Luar Negeri pada 1957, jabatan yang dipegangnya hingga 1966.',
        'soekarno',
        'Saya mengangkat Subandrio sebagai Menteri Luar Negeri pada 1957, jabatan yang dipegangnya hingga 1966.',
      ],
      [
        'Soekarno menulis banyak buku, diantaranya Sarinah.',
        'soekarno',
        'Saya menulis banyak buku, diantaranya Sarinah.',
      ],
    ],
    'a month, an institution or a place is no person': [
      [
        'Hatta mengirim surat lagi pada 23 November 1956, dan DPR akhirnya menerima pengunduran dirinya.',
        'hatta',
        'Saya mengirim surat lagi pada 23 November 1956, dan DPR akhirnya menerima pengunduran diri saya.',
      ],
      [
        'Soekarno menyebut Surabaya sebagai kota kelahirannya.',
        'soekarno',
        'Saya menyebut Surabaya sebagai kota kelahiran saya.',
      ],
      // A title given to him names no one else.
      [
        'Hatta dijuluki Bapak Koperasi Indonesia karena perannya yang besar dalam menggerakkan koperasi.',
        'hatta',
        'Saya dijuluki Bapak Koperasi Indonesia karena peran saya yang besar dalam menggerakkan koperasi.',
      ],
      [
        'Proklamasi dibacakan Soekarno pada hari Jumat, 17 Agustus 1945, di halaman rumahnya.',
        'soekarno',
        'Proklamasi saya bacakan pada hari Jumat, 17 Agustus 1945, di halaman rumah saya.',
      ],
      [
        'Hatta menyatakan bahwa setelah Konstituante tersusun, sudah tiba waktunya ia mundur.',
        'hatta',
        'Saya menyatakan bahwa setelah Konstituante tersusun, sudah tiba waktunya saya mundur.',
      ],
    ],
    // The one who renames names someone else: "ayahnya mengganti namanya" is his name.
    'the name a relative changes is his': [
      [
        'Menurut penuturan Soekarno kepada Cindy Adams, Koesno kecil sering sakit-sakitan, sehingga ayahnya mengganti namanya menjadi Soekarno.',
        'soekarno',
        'Menurut penuturan saya kepada Cindy Adams, Koesno kecil sering sakit-sakitan, sehingga ayah saya mengganti nama saya menjadi Soekarno.',
      ],
    ],
    'more of what a man has: his comrades, library, schooling, works': [
      [
        'Di Penjara Sukamiskin, Soekarno menjalani masa tahanan dalam keadaan terpisah dari kawan-kawan seperjuangannya.',
        'soekarno',
        'Di Penjara Sukamiskin, saya menjalani masa tahanan dalam keadaan terpisah dari kawan-kawan seperjuangan saya.',
      ],
      [
        'Hatta dikenal sebagai pencinta buku yang membawa perpustakaannya ke mana pun ia pergi.',
        'hatta',
        'Saya dikenal sebagai pencinta buku yang membawa perpustakaan saya ke mana pun saya pergi.',
      ],
      [
        'Mas kawin yang diberikan Hatta adalah buku karangannya sendiri.',
        'hatta',
        'Mas kawin yang saya berikan adalah buku karangan saya sendiri.',
      ],
      [
        'Hatta dipilih menjadi ketua perkumpulan sepak bola sekolahnya.',
        'hatta',
        'Saya dipilih menjadi ketua perkumpulan sepak bola sekolah saya.',
      ],
    ],
    // Hatta names his comrade "Bung Karno" after a sentence-initial noun too.
    'Hatta says "Bung Karno" after a noun that starts the sentence': [
      [
        'Pasangan Soekarno dan Hatta dikenal dengan sebutan Dwitunggal.',
        'hatta',
        'Pasangan Bung Karno dan saya dikenal dengan sebutan Dwitunggal.',
      ],
      ['Presiden Soekarno membuka sidang.', 'hatta', 'Presiden Soekarno membuka sidang.'],
    ],
    // His effort and his last years are his; a pronoun read first lets a later "-nya" see him.
    'his effort, his late years, and a "-nya" after "ia"': [
      [
        'Soekarno berusaha menyatukan kedua kelompok itu, tetapi usahanya gagal.',
        'soekarno',
        'Saya berusaha menyatukan kedua kelompok itu, tetapi usaha saya gagal.',
      ],
      [
        'Menjelang akhir hayatnya Hatta menjawab banyak pertanyaan.',
        'hatta',
        'Menjelang akhir hayat saya, saya menjawab banyak pertanyaan.',
      ],
      [
        'Menurut Soekarno, ia memilih angka itu, walau diakuinya sukar diterangkan.',
        'soekarno',
        'Menurut saya, saya memilih angka itu, walau saya akui sukar diterangkan.',
      ],
      [
        'Hatta mengisi hari-harinya dengan membaca.',
        'hatta',
        'Saya mengisi hari-hari saya dengan membaca.',
      ],
      [
        'Disiplin itu kelak menjadi ciri khas Hatta sebagai pemimpin.',
        'hatta',
        'Disiplin itu kelak menjadi ciri khas saya sebagai pemimpin.',
      ],
      [
        'Pemuda menemui Soekarno di rumahnya pada malam itu.',
        'soekarno',
        'Pemuda menemui saya di rumah saya pada malam itu.',
      ],
      // A place named after "kota" is no person between him and "ia".
      [
        'Soekarno menata kota Palangka Raya, dan ia membayangkannya kelak jadi ibu kota.',
        'soekarno',
        'Saya menata kota Palangka Raya, dan saya membayangkannya kelak jadi ibu kota.',
      ],
    ],
  };
  for (const [title, rows] of Object.entries(cases)) it(title, () => expectSpoken(rows));
});

describe('the group of the sentence before', () => {
  // "Bung Karno, saya, dan Dr. Radjiman berangkat ke Dalat. Di Dalat, mereka bertemu ...": the
  // same group, him included; a pair the sentence names itself is its own.
  it('makes "mereka" after a sentence joining him with others "kami"', () => {
    const before = 'Pada 9 Agustus 1945, Bung Karno, saya, dan Dr. Radjiman berangkat ke Dalat.';
    expect(weTwoAfter(before, 'Di Dalat, pada 12 Agustus 1945, mereka bertemu Terauchi.')).toBe(
      'Di Dalat, pada 12 Agustus 1945, kami bertemu Terauchi.',
    );
    expect(
      weTwoAfter('Saya dan Bung Karno belum pernah bertemu.', 'Keduanya bertemu pada 1932.'),
    ).toBe('Kami berdua bertemu pada 1932.');
    expect(
      weTwoAfter(
        'Sementara itu saya dan Hatta tampil di depan.',
        'Menurut penuturan Hatta dan Sjahrir, pembagian peran itu dibicarakan di antara mereka.',
      ),
    ).toBe(
      'Menurut penuturan Hatta dan Sjahrir, pembagian peran itu dibicarakan di antara mereka.',
    );
    expect(weTwoAfter('Saya lahir di Surabaya.', 'Mereka pindah ke Mojokerto.')).toBe(
      'Mereka pindah ke Mojokerto.',
    );
  });
});
