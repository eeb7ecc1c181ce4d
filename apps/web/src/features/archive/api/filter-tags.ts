import type { QualityReport, Tag } from './tags-api';

export type TagShow = 'all' | 'few-inputs' | 'flagged';

export type TagFilter = { query: string; show: TagShow };

/** A tag with its place in the figure's list (1-based), kept when the list is filtered. */
export type NumberedTag = { number: number; tag: Tag };

const fold = (text: string) =>
  text.toLocaleLowerCase('id').normalize('NFKD').replace(/\p{M}/gu, '');

/** Tag names that appear in any issue of the quality report. */
export function flaggedTagNames(report: QualityReport | null): Set<string> {
  const names = new Set<string>();
  for (const issue of report?.issues ?? []) for (const name of issue.tags) names.add(name);
  return names;
}

/**
 * The tags to show: those whose name, inputs or responses contain every word of the query
 * (case and accents ignored), narrowed by `show`: fewer inputs than the threshold, or flagged by
 * the quality report.
 */
export function filterTags(
  tags: readonly Tag[],
  filter: TagFilter,
  opts: { fewInputsThreshold: number; flagged: Set<string> },
): NumberedTag[] {
  const words = fold(filter.query).split(/\s+/).filter(Boolean);
  return tags
    .map((tag, i) => ({ number: i + 1, tag }))
    .filter(({ tag }) => {
      if (filter.show === 'few-inputs' && tag.input.length >= opts.fewInputsThreshold) return false;
      if (filter.show === 'flagged' && !opts.flagged.has(tag.tag)) return false;
      if (words.length === 0) return true;
      const haystack = fold([tag.tag, ...tag.input, ...tag.responses].join('\n'));
      return words.every((w) => haystack.includes(w));
    });
}
