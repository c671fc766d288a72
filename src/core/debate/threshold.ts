/**
 * The supermajority test, in integers: a proposal passes when `den * approving >= num * total`.
 * No floating point: 2 of 3 equal voters is exactly 2/3 and passes, 199 of 300 does not.
 */
import { DiscussionError } from '../errors.js'
import type { Threshold } from './model.js'

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}

/** `2/3`, `3/4`, or a decimal such as `0.75` (read as 75/100, exactly). */
export function parseThreshold(text: string): Threshold {
  const value = text.trim()
  const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(value)
  const decimal = /^(0?)\.(\d{1,4})$|^(1)(?:\.0{1,4})?$/.exec(value)
  let num: number
  let den: number
  if (fraction) {
    num = Number(fraction[1])
    den = Number(fraction[2])
  } else if (decimal) {
    const digits = decimal[2] ?? ''
    num = decimal[3] ? 1 : Number(digits)
    den = decimal[3] ? 1 : 10 ** digits.length
  } else {
    throw new DiscussionError(`"${text}" is not a threshold; write a fraction like 2/3 or 0.75.`)
  }
  if (den === 0 || num === 0 || num > den)
    throw new DiscussionError(`"${text}" is not a threshold between 0 (exclusive) and 1.`)
  const divisor = gcd(num, den)
  return { num: num / divisor, den: den / divisor }
}

export function formatThreshold(threshold: Threshold): string {
  return `${threshold.num}/${threshold.den}`
}

export function meetsThreshold(approving: number, total: number, threshold: Threshold): boolean {
  if (total <= 0) return false
  return threshold.den * approving >= threshold.num * total
}
