/**
 * Messages a learner might send that no tag of either figure covers. Written for this package;
 * used with the held-out learner questions to tune the low-confidence thresholds (a fallback is
 * the right answer to each of them). Never used for training: the out-of-scope unit learns from
 * data/seed/oos/messages.json, which holds none of these.
 */
export const OUT_OF_SCOPE: readonly string[] = [
  'berapa hasil 25 kali 4?',
  'rekomendasi film horor yang seru dong',
  'cara masak rendang gimana?',
  'asdfghjkl',
  'cuaca di Jakarta besok cerah nggak?',
  'kamu suka main game online?',
  'tolong kerjakan PR matematika saya',
  'berapa harga bitcoin hari ini?',
  'siapa juara piala dunia 2022?',
  'bagaimana cara membuat website?',
  'apa ibu kota Australia?',
  'jelaskan proses fotosintesis',
  'kapan libur semester dimulai?',
  'wkwkwk',
  'resep nasi goreng enak apa ya',
  'apa merek hp yang bagus buat pelajar?',
  'bagaimana cara menurunkan berat badan?',
  'siapa penemu bola lampu?',
  'lagu pop terbaru yang lagi viral apa?',
  'berapa jarak bumi ke bulan?',
];
