/**
 * Counts as people write them: "1 check", "2,000 checks", "0 checks". Plural forms come from
 * `Intl.PluralRules` (English here; the category names are the same in every locale, so
 * translation later means only new word tables) and numbers carry their group separators.
 */
const pluralRules = new Intl.PluralRules('en')
const numberFormat = new Intl.NumberFormat('en')

export interface Noun {
  one: string
  other: string
}

/** A noun whose plural only adds an s. */
export const noun = (one: string, other = `${one}s`): Noun => ({ one, other })

export const formatNumber = (value: number): string => numberFormat.format(value)

/** The noun alone, in the form `count` calls for. */
export const nounFor = (count: number, word: Noun): string =>
  pluralRules.select(count) === 'one' ? word.one : word.other

/** "1 check", "2,000 checks". */
export const countOf = (count: number, word: Noun): string =>
  `${formatNumber(count)} ${nounFor(count, word)}`
