import { escapeForDisplay } from '../../../../shared/text/escapeForDisplay'

/**
 * Text from outside that may run over several lines (a note, a description) made safe to show:
 * the display function escapes a line break like any control, so each line goes through it alone
 * and the breaks stay breaks.
 */
export const shownLines = (text: string): string[] => text.split(/\r\n|\n/).map(escapeForDisplay)
