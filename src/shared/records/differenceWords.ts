import { countOf, noun } from '../text/counting'

/** A difference as the records keep it: hit keys (`<category>:<record key>`), and counts. */
export interface DifferenceKeys {
  added: readonly string[]
  removed: readonly string[]
  changed?: ReadonlyArray<{ hitKey: string; fields: readonly string[] }>
  carried?: number
}

const categoryOf = (hitKey: string): string => hitKey.slice(0, hitKey.indexOf(':'))

/**
 * The one wording of what changed between two checks of a wallet: "1 new hit", "2 hits no longer
 * listed", "1 hit changed", "4 decisions carried". With `categoryName`, new and removed hits name
 * their categories and changed ones their fields. Empty when nothing changed.
 */
export function differenceWords(
  difference: DifferenceKeys,
  categoryName?: (code: string) => string,
): string[] {
  const changed = difference.changed ?? []
  const detail = (values: readonly string[]): string =>
    categoryName ? ` (${[...new Set(values)].join(', ')})` : ''
  const categories = (keys: readonly string[]) =>
    detail(keys.map((key) => (categoryName ?? String)(categoryOf(key))))
  return [
    difference.added.length > 0 &&
      `${countOf(difference.added.length, noun('new hit'))}${categories(difference.added)}`,
    difference.removed.length > 0 &&
      `${countOf(difference.removed.length, noun('hit'))} no longer listed${categories(difference.removed)}`,
    changed.length > 0 &&
      `${countOf(changed.length, noun('hit'))} changed${detail(changed.flatMap((change) => change.fields))}`,
    (difference.carried ?? 0) > 0 &&
      countOf(difference.carried ?? 0, noun('decision')) + ' carried',
  ].filter((part): part is string => typeof part === 'string')
}

/**
 * A re-screen's outcome in one line: what changed, or "nothing changed" when the answer said what
 * it said before, then the decisions carried ("nothing changed, 3 decisions carried").
 */
export function differenceSentence(difference: DifferenceKeys): string {
  const { carried, ...found } = difference
  const words = differenceWords(found)
  return [
    words.length > 0 ? words.join(', ') : 'nothing changed',
    ...differenceWords({ added: [], removed: [], carried: carried ?? 0 }),
  ].join(', ')
}
