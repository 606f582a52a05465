import type { CSSProperties } from 'react'

/**
 * An identifier shown whole where it may take more than one line: it breaks anywhere (it has no
 * words), into lines of even length, so that no line holds one or two of its characters alone.
 */
export const wholeIdentifierStyle: CSSProperties = { wordBreak: 'break-all', textWrap: 'balance' }
