/**
 * Reads one or more raw JSON arrays of records with an id: refuses a source that is not an
 * array and an id seen before (across all the arrays); `parseOne` validates each record.
 */
export function parseIdArrays<T extends { id: string }>(
  sources: readonly unknown[],
  parseOne: (raw: unknown, index: number) => T,
  fail: (message: string) => Error,
  names: { source: string; record: string },
): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  for (const source of sources) {
    if (!Array.isArray(source)) throw fail(`${names.source} source must be an array`);
    source.forEach((raw: unknown, index) => {
      const record = parseOne(raw, index);
      if (seen.has(record.id)) throw fail(`duplicate ${names.record} id ${record.id}`);
      seen.add(record.id);
      out.push(record);
    });
  }
  return out;
}
