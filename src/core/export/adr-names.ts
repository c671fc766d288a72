/**
 * What an exported ADR is called, per flavour: MADR and adr-tools number their records
 * (`0007-use-server-sessions.md`, the next number after the highest in the folder, counted the
 * way adr-tools counts: from every name that starts with digits), log4brains dates them
 * (`20261102-use-server-sessions.md`). A record of the same title already in the folder is the
 * one a second export of the discussion replaces (with --force), whatever its number or date.
 */

export const ADR_FLAVORS = ['madr', 'adr-tools', 'log4brains'] as const
export type AdrFlavor = (typeof ADR_FLAVORS)[number]

export function isAdrFlavor(value: string): value is AdrFlavor {
  return (ADR_FLAVORS as readonly string[]).includes(value)
}

const SLUG_LENGTH = 60

/** Lower-case ASCII words joined by `-`, at most 60 characters; `decision` when none is left. */
export function slugOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (words === '') return 'decision'
  if (words.length <= SLUG_LENGTH) return words
  const cut = words.slice(0, SLUG_LENGTH)
  const dash = cut.lastIndexOf('-')
  return (dash > SLUG_LENGTH / 2 ? cut.slice(0, dash) : cut).replace(/-+$/, '')
}

/** The highest number a name in the folder starts with, plus one (1 for an empty folder). */
export function nextNumber(names: readonly string[]): number {
  let highest = 0
  for (const name of names) {
    const digits = /^\d+/.exec(name)?.[0]
    if (digits) highest = Math.max(highest, Number(digits))
  }
  return highest + 1
}

export interface AdrName {
  /** The file name inside the flavour's folder. */
  name: string
  /** The record's number (MADR, adr-tools); null for a dated one. */
  number: number | null
  /** True when the name is an existing record of this title (replaced only with force). */
  existing: boolean
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The existing record of this slug: `NNNN-slug.md` (numbered) or `YYYYMMDD-slug.md` (dated). */
function existingRecord(names: readonly string[], slug: string): string | undefined {
  const pattern = new RegExp(`^\\d+-${escapeRegExp(slug)}\\.md$`)
  return names.filter((name) => pattern.test(name)).sort()[0]
}

/**
 * The name a record of `title` gets among `names` (the folder's entries), on `date`
 * (YYYY-MM-DD): the existing record of the same title when there is one, else a new name.
 */
export function adrName(
  flavor: AdrFlavor,
  title: string,
  names: readonly string[],
  date: string,
): AdrName {
  const slug = slugOf(title)
  const existing = existingRecord(names, slug)
  const numbered = flavor !== 'log4brains'
  if (existing) {
    const digits = /^\d+/.exec(existing)?.[0] ?? ''
    return { name: existing, number: numbered ? Number(digits) : null, existing: true }
  }
  if (!numbered)
    return { name: `${date.replaceAll('-', '')}-${slug}.md`, number: null, existing: false }
  const number = nextNumber(names)
  return { name: `${String(number).padStart(4, '0')}-${slug}.md`, number, existing: false }
}
