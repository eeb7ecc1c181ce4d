import {
  FEW_INPUTS_THRESHOLD,
  foldPhrase,
  type QualityIssue,
  type QualityReport,
} from '@dwitunggal/contracts/tags';

/** Near-duplicate threshold on the Jaccard index of the two inputs' word sets. */
export const NEAR_DUPLICATE_JACCARD = 0.8;
/** Class imbalance: the largest tag has more than this many times the inputs of the smallest. */
export const IMBALANCE_RATIO = 3;

/** Folded, punctuation and symbols replaced by spaces, whitespace collapsed. */
export function normalizeForComparison(text: string): string {
  return foldPhrase(text)
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Item {
  tag: string;
  text: string;
  folded: string;
  normalized: string;
  words: Set<string>;
}

const quote = (text: string) => `"${text}"`;
const list = (names: string[]) => names.map(quote).join(', ');

/**
 * The data-quality report of one figure's training data, in the spirit of Dialogflow's agent
 * validation: the same input under two tags (an error: the classifier cannot satisfy both),
 * near-duplicate inputs (same words after removing punctuation, or a word-set Jaccard index of
 * at least 0.8), tags with fewer than 10 inputs, and class imbalance. Pairs are compared in
 * O(n^2) but only between inputs whose word counts could reach the threshold.
 */
export function analyzeQuality(
  tags: readonly { tag: string; input: readonly string[] }[],
): QualityReport {
  const issues: QualityIssue[] = [];
  const items: Item[] = [];
  for (const t of tags) {
    for (const text of t.input) {
      const normalized = normalizeForComparison(text);
      items.push({
        tag: t.tag,
        text,
        folded: foldPhrase(text),
        normalized,
        words: new Set(normalized.split(' ').filter(Boolean)),
      });
    }
  }

  // 1. The same input (after folding) under two or more tags.
  const byFolded = new Map<string, Item[]>();
  for (const item of items) {
    const group = byFolded.get(item.folded);
    if (group) group.push(item);
    else byFolded.set(item.folded, [item]);
  }
  for (const group of byFolded.values()) {
    const tagNames = [...new Set(group.map((i) => i.tag))];
    if (tagNames.length < 2) continue;
    const first = group[0] as Item;
    issues.push({
      kind: 'duplicate_across_tags',
      severity: 'error',
      tags: tagNames,
      inputs: [...new Set(group.map((i) => i.text))],
      message:
        `Input ${quote(first.text)} ada di ${tagNames.length} tag (${list(tagNames)}). ` +
        'Model tidak dapat memilih satu tag untuk kalimat yang sama; simpan kalimat ini di satu tag saja.',
    });
  }

  // 2. Near duplicates, grouped into clusters (union-find over the similar pairs).
  const parent = items.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] as number;
    while (parent[i] !== root) {
      const next = parent[i] as number;
      parent[i] = root;
      i = next;
    }
    return root;
  };
  const order = items
    .map((_, i) => i)
    .sort((a, b) => (items[a] as Item).words.size - (items[b] as Item).words.size);
  let paired = false;
  for (let x = 0; x < order.length; x += 1) {
    const a = items[order[x] as number] as Item;
    for (let y = x + 1; y < order.length; y += 1) {
      const b = items[order[y] as number] as Item;
      // |A ∩ B| / |A ∪ B| <= |A| / |B| when |A| <= |B|: the remaining inputs are too long.
      if (a.words.size < NEAR_DUPLICATE_JACCARD * b.words.size) break;
      if (a.folded === b.folded) continue;
      if (a.normalized === b.normalized || jaccard(a.words, b.words) >= NEAR_DUPLICATE_JACCARD) {
        parent[find(order[x] as number)] = find(order[y] as number);
        paired = true;
      }
    }
  }
  if (paired) {
    const clusters = new Map<number, Item[]>();
    items.forEach((item, i) => {
      const root = find(i);
      const cluster = clusters.get(root);
      if (cluster) cluster.push(item);
      else clusters.set(root, [item]);
    });
    for (const cluster of clusters.values()) {
      const distinct = [...new Map(cluster.map((i) => [i.folded, i])).values()];
      if (distinct.length < 2) continue;
      const tagNames = [...new Set(distinct.map((i) => i.tag))];
      const shown = distinct.map((i) => `${quote(i.text)} (${i.tag})`).join(', ');
      issues.push({
        kind: 'near_duplicate',
        severity: 'warning',
        tags: tagNames,
        inputs: distinct.map((i) => i.text),
        message:
          tagNames.length > 1
            ? `Input yang hampir sama ada di tag berbeda: ${shown}. Kalimat semirip ini membuat model ragu memilih tag; ubah atau pindahkan salah satunya.`
            : `Input yang hampir sama di tag ${quote(tagNames[0] as string)}: ${shown}. Variasi yang hanya berbeda tanda baca, urutan kata, atau satu kata tidak banyak menambah pengetahuan model; pertimbangkan kalimat yang lebih beragam.`,
      });
    }
  }

  // 3. Tags with too few inputs.
  for (const t of tags) {
    if (t.input.length >= FEW_INPUTS_THRESHOLD) continue;
    const missing = FEW_INPUTS_THRESHOLD - t.input.length;
    issues.push({
      kind: 'few_inputs',
      severity: 'warning',
      tags: [t.tag],
      message: `Tag ${quote(t.tag)} baru memiliki ${t.input.length} input. Tambahkan setidaknya ${missing} input lagi (minimal ${FEW_INPUTS_THRESHOLD}) agar model dapat mengenali tag ini.`,
    });
  }

  // 4. Class imbalance between the largest and the smallest tag.
  const counts = tags.map((t) => t.input.length);
  const minInputs = counts.length > 0 ? Math.min(...counts) : 0;
  const maxInputs = counts.length > 0 ? Math.max(...counts) : 0;
  if (tags.length >= 2 && maxInputs > IMBALANCE_RATIO * minInputs) {
    const largest = tags.find((t) => t.input.length === maxInputs) as { tag: string };
    const smallest = tags.find((t) => t.input.length === minInputs) as { tag: string };
    const ratio = minInputs > 0 ? (maxInputs / minInputs).toFixed(1).replace('.', ',') : '∞';
    issues.push({
      kind: 'imbalance',
      severity: 'warning',
      tags: [largest.tag, smallest.tag],
      message:
        `Data tidak seimbang: tag ${quote(largest.tag)} memiliki ${maxInputs} input, sedangkan ${quote(smallest.tag)} hanya ${minInputs} (${ratio} kali lipat, batas ${IMBALANCE_RATIO} kali). ` +
        'Model cenderung memilih tag yang datanya lebih banyak; tambahkan input pada tag yang kecil.',
    });
  }

  issues.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return { issues, stats: { tags: tags.length, inputs: items.length, minInputs, maxInputs } };
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  return shared / (a.size + b.size - shared);
}
