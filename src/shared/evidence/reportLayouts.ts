import type { CaseRecord } from '../cases/caseSchemas'
import { caseNumber } from '../cases/caseNumber'
import { datasetName } from '../records/recordVocabulary'
import type { ReportLayout } from './bundleFormat'
import type { ExportedHit } from './checkSummary'
import { escapeHtml } from './htmlText'

/**
 * What differs between the layouts report.html has been written in. A signed report is checked by
 * rendering it again, byte for byte, so every layout a bundle may name stays here as it was: a
 * change to what the report shows is a new layout (and a new entry), never an edit of one.
 */
export interface ReportLayoutParts {
  title: (caseRecord: CaseRecord) => string
  /** Style rules after the common ones, then rules appended after the style sheet. */
  styles: string
  pageRule: (caseRecord: CaseRecord) => string
  /** Lines of the header above the title (each ending with a line break). */
  headerLead: (caseRecord: CaseRecord) => string
  /** Summary rows above the subject. */
  summaryLead: (caseRecord: CaseRecord) => Array<[string, string]>
  hitsHead: string
  hitCells: (hit: ExportedHit) => string
  /** A hit in a sentence's place, in the wallets-over-time table. */
  hitLine: (hit: ExportedHit) => string
  /** What tells a check's hits apart when one check is compared with the one before. */
  hitKey: (hit: ExportedHit) => string
  /**
   * Whether the report opens with a page summarising the case (reportSummaryPage) and closes by
   * saying how to check it without the app (reportSelfCheck), rather than a summary table alone.
   */
  summaryPage: boolean
  /**
   * Whether the report says how the close was reviewed (who approved it, or that the desk had no
   * team), says the trail's four-eyes entries in words and names the team's admins.
   */
  fourEyes: boolean
}

const datasetCells = (hit: ExportedHit, separator: string, codeClass: string): string =>
  hit.datasets
    .map(
      (code) =>
        `${escapeHtml(datasetName(code))}${separator}<span class="${codeClass}">${escapeHtml(code)}</span>`,
    )
    .join('<br>')

/** Who the list names, then the record's identifier (the holder is the title when none is named). */
const holderAndRecord = (hit: ExportedHit): string =>
  hit.holder === hit.title
    ? `<span class="mono">${escapeHtml(hit.title)}</span>`
    : `<span class="holder">${escapeHtml(hit.holder)}</span><br><span class="mono">${escapeHtml(hit.title)}</span>`

/**
 * Every printed page names its case and its place ("Page 2 of 5"), so a loose page is never
 * anonymous. The number is written into the rule: it is made of Crockford letters and digits only.
 */
const pageRule = (caseRecord: CaseRecord): string => `
  @page { margin: 16mm 12mm;
    @bottom-left { content: "${caseNumber(caseRecord.id)}"; font-size: 8.5pt; color: #555; }
    @bottom-right { content: "Page " counter(page) " of " counter(pages); font-size: 8.5pt; color: #555; } }
`

/** Text as a CSS string's content: nothing in it can end the string, the rule or the style element. */
const cssString = (text: string): string =>
  `"${text.replace(/[\\"<>\p{Cc}]/gu, (character) => `\\${character.charCodeAt(0).toString(16)} `)}"`

/** A title in a page's margin: whole up to a line's worth, the full title being on the first page. */
const marginTitle = (title: string): string =>
  title.length > 90 ? `${title.slice(0, 89).trimEnd()}…` : title

/**
 * The case number and title at the top of every printed page, the page's place at the bottom.
 */
const titledPageRule = (caseRecord: CaseRecord): string => `
  @page { margin: 18mm 12mm 16mm;
    @top-left { content: ${cssString(`${caseNumber(caseRecord.id)} · ${marginTitle(caseRecord.title)}`)};
      font-size: 8.5pt; color: #555; vertical-align: bottom; }
    @bottom-left { content: "${caseNumber(caseRecord.id)}"; font-size: 8.5pt; color: #555; }
    @bottom-right { content: "Page " counter(page) " of " counter(pages); font-size: 8.5pt; color: #555; } }
`

/** The case number above the title, and each hit's holder, chain and lists by name (layout 2 on). */
const namedHolders = {
  headerLead: (caseRecord: CaseRecord) =>
    `  <p class="case-number" data-case-number>${caseNumber(caseRecord.id)}</p>\n`,
  hitsHead:
    '<th>Category</th><th>Holder and record</th><th>Chain</th><th>Lists</th><th>Decision</th>',
  hitCells: (hit: ExportedHit) =>
    `<td>${escapeHtml(hit.category)}</td><td>${holderAndRecord(hit)}</td>
        <td class="chain">${hit.chains.map(escapeHtml).join('<br>') || '<span class="undecided">not given</span>'}</td>
        <td>${datasetCells(hit, '<br>', 'code')}</td>`,
  /** "sanctions: Sim, Hyon Sop, 0x4f47… (ETH)". */
  hitLine: (hit: ExportedHit) =>
    `${hit.category}: ${hit.holder === hit.title ? '' : `${hit.holder}, `}${hit.title}${hit.chains.length > 0 ? ` (${hit.chains.join(', ')})` : ''}`,
  hitKey: (hit: ExportedHit) => hit.hitKey,
}

const namedHolderStyles = `  .case-number { font-size: 12pt; font-weight: 700; letter-spacing: 0.04em; margin: 0 0 1mm; }
  .holder { font-weight: 600; }
  .code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 8.5pt;
          color: #555; white-space: nowrap; }
  .chain { white-space: nowrap; font-weight: 600; }
`

/**
 * The case number and title on every printed page; a first page summarising the case (its
 * outcome, its hits by decision under the case rules, who did what); and a closing section on
 * checking the bundle with standard tools.
 */
const summarised: ReportLayoutParts = {
  ...namedHolders,
  title: (caseRecord) =>
    `${caseNumber(caseRecord.id)} case report: ${escapeHtml(caseRecord.title)}`,
  styles: `${namedHolderStyles}  .summary-page { break-after: page; }
  .tally th, .tally td { width: 20%; text-align: right; font-variant-numeric: tabular-nums; }
  .tally td { font-size: 12pt; font-weight: 600; }
  .tally th:last-child, .tally td:last-child { border-left: 1px solid #adb5bd; }
  .count { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  h3 { break-after: avoid; }
  .who td:first-child { width: 38%; }
  .self-check { break-before: page; }
  .self-check ol { padding-left: 6mm; } .self-check li { margin: 0 0 3mm; break-inside: avoid; }
  .self-check li p { margin: 0 0 1mm; }
  pre.command { margin: 0; padding: 1.5mm 2.5mm; background: #f1f3f5; border-radius: 2px;
                font: 8.5pt/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
                white-space: pre-wrap; overflow-wrap: anywhere; }
  .signature .mono { word-break: normal; overflow-wrap: anywhere; }
  @media screen { .summary-page { border-bottom: 1.5px dashed #adb5bd; padding-bottom: 6mm; } }

`,
  pageRule: titledPageRule,
  summaryLead: () => [],
  summaryPage: true,
  fourEyes: false,
}

export const reportLayoutParts: Record<ReportLayout, ReportLayoutParts> = {
  /** Bundles of the first releases, made before layouts were numbered: a record, its datasets. */
  1: {
    title: (caseRecord) => `Case report: ${escapeHtml(caseRecord.title)}`,
    styles: `  @page { margin: 14mm 12mm; }
`,
    pageRule: () => '',
    headerLead: () => '',
    summaryLead: () => [],
    hitsHead: '<th>Category</th><th>Record</th><th>Datasets</th><th>Decision</th>',
    hitCells: (hit) =>
      `<td>${escapeHtml(hit.category)}</td><td class="mono">${escapeHtml(hit.title)}</td>
        <td>${datasetCells(hit, ' ', 'mono')}</td>`,
    hitLine: (hit) => `${hit.category}: ${hit.title}`,
    // Hits were known by category and record alone then.
    hitKey: (hit) => hit.chainlessKey,
    summaryPage: false,
    fourEyes: false,
  },
  /** The case number on every page; each hit's holder, chain and lists by name. */
  2: {
    ...namedHolders,
    title: (caseRecord) =>
      `${caseNumber(caseRecord.id)} case report: ${escapeHtml(caseRecord.title)}`,
    styles: `${namedHolderStyles}
`,
    pageRule,
    summaryLead: (caseRecord) => [['Case number', escapeHtml(caseNumber(caseRecord.id))]],
    summaryPage: false,
    fourEyes: false,
  },
  3: summarised,
  /**
   * As layout 3, and the four-eyes rule shown: who approved the close (or that no second review
   * was needed, or that the desk had no team) in the summary and the closure, the trail's review
   * entries in words, and the team admins a shared case's roster was judged by.
   */
  4: { ...summarised, fourEyes: true },
}
