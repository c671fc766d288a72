/**
 * What a person types as a cap, read the same way by the CLI's `--max-cost` / `--max-total-tokens`
 * and the app's Max cost / Max tokens fields: the amount, or the problem in words.
 */

export type CapReading = { value: number } | { problem: string }

/** USD: a positive amount, a leading `$` allowed ("0.50", "$2"). */
export function readDollars(text: string): CapReading {
  const number = Number(text.trim().replace(/^\$/, ''))
  if (text.trim() === '' || !Number.isFinite(number) || number <= 0)
    return { problem: `"${text}" is not an amount in USD (for example 0.50).` }
  return { value: number }
}

/** Tokens: a whole number, at least 1 ("20000"). */
export function readTokenCap(text: string): CapReading {
  const number = Number(text.trim())
  if (text.trim() === '' || !Number.isInteger(number) || number < 1)
    return { problem: `"${text}" is not a whole number of tokens (for example 20000).` }
  return { value: number }
}
