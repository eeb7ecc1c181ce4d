import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { CHARACTER_KEYS } from '@dwitunggal/contracts/characters';
import { parseIdArrays } from './id-arrays';

/** One passage of the knowledge base (data/seed/knowledge/*.json). */
export interface Passage {
  id: string;
  title: string;
  /** The figures the passage is about; retrieval favours passages about the chosen figure. */
  figures: CharacterKey[];
  /** A year or a range of years ("1945", "1936-1942"). */
  period: string;
  text: string;
  /** Bibliographic references; the first one is shown as the source of an answer. */
  references: string[];
}

export class KnowledgeError extends Error {
  override readonly name = 'KnowledgeError';
}

/**
 * Validates raw JSON (an array of passages, or several arrays) and returns typed passages.
 * Throws a KnowledgeError naming the offending passage; ids must be unique across the arrays.
 */
export function parsePassages(...sources: unknown[]): Passage[] {
  return parseIdArrays(sources, parseOne, (message) => new KnowledgeError(message), {
    source: 'knowledge',
    record: 'passage',
  });
}

function parseOne(raw: unknown, index: number): Passage {
  if (typeof raw !== 'object' || raw === null) {
    throw new KnowledgeError(`passage #${index} is not an object`);
  }
  const r = raw as Record<string, unknown>;
  const where = typeof r.id === 'string' ? r.id : `#${index}`;
  const str = (key: string): string => {
    const v = r[key];
    if (typeof v !== 'string' || v.trim() === '') {
      throw new KnowledgeError(`passage ${where}: ${key} must be a non-empty string`);
    }
    return v.trim();
  };
  const figures = r.figures;
  if (
    !Array.isArray(figures) ||
    figures.length === 0 ||
    !figures.every((f) => (CHARACTER_KEYS as readonly unknown[]).includes(f))
  ) {
    throw new KnowledgeError(`passage ${where}: figures must list soekarno and/or hatta`);
  }
  const references = r.references;
  if (
    !Array.isArray(references) ||
    references.length === 0 ||
    !references.every((x) => typeof x === 'string' && x.trim() !== '')
  ) {
    throw new KnowledgeError(`passage ${where}: references must be a non-empty list of strings`);
  }
  return {
    id: str('id'),
    title: str('title'),
    figures: [...new Set(figures as CharacterKey[])],
    period: str('period'),
    text: str('text'),
    references: (references as string[]).map((x) => x.trim()),
  };
}

/** The years a passage covers, from its period ("1936-1942" -> [1936, 1942]). */
export function periodRange(period: string): [number, number] | null {
  const years = (period.match(/\d{4}/g) ?? []).map(Number);
  if (years.length === 0) return null;
  return [Math.min(...years), Math.max(...years)];
}
