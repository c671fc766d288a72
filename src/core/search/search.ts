/**
 * Full-text search over a folder's discussions: every unit (a discussion's opening, each comment)
 * holding every word of the query is a hit, ranked by BM25 (term frequency against how many
 * discussions use the word, damped by the unit's length), with the title and the author weighing
 * more. Each hit names its file, its comment (as `parse` numbers it) and the line that matched.
 *
 * It scans rather than keeping an index: building a general-purpose index over the 100,000
 * comments of the benchmark folder took seconds, while a scan that skips every file not holding
 * all the words answers a cold CLI run in well under one (bench/search.bench.ts).
 */
import { countOccurrences, queryTerms } from './query.js'
import { searchableDiscussion, unitLines } from './units.js'
import type { SearchableDiscussion, SearchUnit } from './units.js'

export interface SearchHit {
  path: string
  title: string
  /** The comment's number as `parse` numbers it (from 0); null when the opening matched. */
  comment: number | null
  author: string | null
  /** The file line (1-based) of the best-matching line in the unit. */
  line: number
  /** That line, trimmed and cut to a readable length. */
  text: string
  score: number
}

export interface SearchResults {
  query: string
  terms: string[]
  /** Every hit, or the best `limit` of them. */
  hits: SearchHit[]
  /** How many units matched, before the limit. */
  total: number
  /** Every discussion with a hit (not only those of the hits kept), best first. */
  matched: string[]
  /** How many discussions were searched. */
  searched: number
}

export interface SearchOptions {
  /** At most this many hits, the best first (default: all). */
  limit?: number
}

export interface SearchSource {
  path: string
  text: string
}

// BM25's usual constants, and a fixed reference length (about a paragraph) so a unit's score does
// not depend on which other files were searched: the CLI, which skips files, and the app, which
// holds them all, rank alike.
const K1 = 1.2
const B = 0.75
const REFERENCE_LENGTH = 600
const TITLE_BOOST = 3
const AUTHOR_BOOST = 2
const SHOWN_TEXT = 200

/** Searches discussion file texts, parsing only the files that hold every word of the query. */
export function searchSources(
  sources: Iterable<SearchSource>,
  query: string,
  options: SearchOptions = {},
): SearchResults {
  const terms = queryTerms(query)
  const candidates: SearchableDiscussion[] = []
  const documentFrequency = new Map(terms.map((term) => [term, 0]))
  let searched = 0
  for (const source of sources) {
    searched++
    if (terms.length === 0) continue
    const lowered = source.text.toLowerCase()
    let holdsAll = true
    for (const term of terms) {
      if (lowered.includes(term))
        documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1)
      else holdsAll = false
    }
    if (holdsAll) candidates.push(searchableDiscussion(source.path, source.text, lowered))
  }
  return rank(candidates, terms, documentFrequency, searched, query, options)
}

/** Searches discussions already cut into units (the app keeps them between keystrokes). */
export function searchDiscussions(
  discussions: readonly SearchableDiscussion[],
  query: string,
  options: SearchOptions = {},
): SearchResults {
  const terms = queryTerms(query)
  const documentFrequency = new Map(terms.map((term) => [term, 0]))
  const candidates: SearchableDiscussion[] = []
  for (const discussion of discussions) {
    let holdsAll = terms.length > 0
    for (const term of terms) {
      if (discussion.lowered.includes(term))
        documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1)
      else holdsAll = false
    }
    if (holdsAll) candidates.push(discussion)
  }
  return rank(candidates, terms, documentFrequency, discussions.length, query, options)
}

function rank(
  candidates: readonly SearchableDiscussion[],
  terms: readonly string[],
  documentFrequency: ReadonlyMap<string, number>,
  searched: number,
  query: string,
  options: SearchOptions,
): SearchResults {
  const idf = new Map(
    terms.map((term) => {
      const df = documentFrequency.get(term) ?? 0
      return [term, Math.log(1 + (searched - df + 0.5) / (df + 0.5))]
    }),
  )
  // Score every matching unit, but keep (and describe) only the best `limit`: finding a hit's best
  // line costs more than scoring it, and a common word matches tens of thousands of comments.
  const best = new Best(options.limit ?? Infinity)
  const bestOfDiscussion = new Map<string, number>()
  let total = 0
  for (const discussion of candidates) {
    const loweredTitle = discussion.title.toLowerCase()
    for (const unit of discussion.units) {
      if (!terms.every((term) => unit.lowered.includes(term))) continue
      const score = scoreOf(loweredTitle, unit, terms, idf)
      total++
      best.offer({ discussion, unit, score })
      const before = bestOfDiscussion.get(discussion.path)
      if (before === undefined || score > before) bestOfDiscussion.set(discussion.path, score)
    }
  }
  return {
    query,
    terms: [...terms],
    // Each discussion by its best hit: the order its first hit has in the whole ranking.
    matched: [...bestOfDiscussion]
      .sort(([pathA, a], [pathB, b]) => b - a || comparePaths(pathA, pathB))
      .map(([path]) => path),
    hits: best.sorted().map((hit) => hitOf(hit, terms)),
    total,
    searched,
  }
}

function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Best first: the higher score, then the path, then the earlier line. */
function compareScored(a: Scored, b: Scored): number {
  return (
    b.score - a.score ||
    comparePaths(a.discussion.path, b.discussion.path) ||
    a.unit.firstLine - b.unit.firstLine
  )
}

/** The best `size` hits offered, kept in order as they come (all of them for an infinite size). */
class Best {
  private readonly kept: Scored[] = []

  constructor(private readonly size: number) {}

  offer(hit: Scored): void {
    const { kept, size } = this
    if (size === Infinity) {
      kept.push(hit)
      return
    }
    const last = kept[kept.length - 1]
    if (kept.length >= size && (last === undefined || compareScored(hit, last) >= 0)) return
    // Binary search for its place among the kept, then drop the one pushed past the end.
    let low = 0
    let high = kept.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (compareScored(kept[middle] as Scored, hit) <= 0) low = middle + 1
      else high = middle
    }
    kept.splice(low, 0, hit)
    if (kept.length > size) kept.pop()
  }

  sorted(): Scored[] {
    return this.size === Infinity ? this.kept.sort(compareScored) : this.kept
  }
}

interface Scored {
  discussion: SearchableDiscussion
  unit: SearchUnit
  score: number
}

function scoreOf(
  loweredTitle: string,
  unit: SearchUnit,
  terms: readonly string[],
  idf: ReadonlyMap<string, number>,
): number {
  const lengthNorm = 1 - B + (B * unit.lowered.length) / REFERENCE_LENGTH
  const loweredAuthor = unit.author?.toLowerCase() ?? ''
  let score = 0
  for (const term of terms) {
    const tf = countOccurrences(unit.lowered, term)
    let termScore = ((idf.get(term) ?? 0) * tf * (K1 + 1)) / (tf + K1 * lengthNorm)
    if (unit.comment === null && loweredTitle.includes(term)) termScore *= TITLE_BOOST
    if (loweredAuthor.includes(term)) termScore *= AUTHOR_BOOST
    score += termScore
  }
  // Rounded, so that equal scores reached in another order of additions sort alike.
  return Math.round(score * 1000) / 1000
}

function hitOf({ discussion, unit, score }: Scored, terms: readonly string[]): SearchHit {
  const lines = unitLines(discussion, unit)
  const best = bestLine(lines, terms)
  return {
    path: discussion.path,
    title: discussion.title,
    comment: unit.comment,
    author: unit.author,
    line: unit.firstLine + best,
    text: shown(lines[best] ?? ''),
    score,
  }
}

/** The index of the line holding the most of the query's words; the first such line on a tie. */
function bestLine(lines: readonly string[], terms: readonly string[]): number {
  let best = 0
  let bestCount = 0
  lines.forEach((line, index) => {
    const lowered = line.toLowerCase()
    const count = terms.filter((term) => lowered.includes(term)).length
    if (count > bestCount) {
      best = index
      bestCount = count
    }
  })
  return best
}

function shown(line: string): string {
  const trimmed = line.trim()
  return trimmed.length > SHOWN_TEXT ? `${trimmed.slice(0, SHOWN_TEXT - 1)}…` : trimmed
}
