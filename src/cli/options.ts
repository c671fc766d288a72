import { InvalidArgumentError } from '@commander-js/extra-typings'

/** Parses a fraction between 0 and 1 for threshold options. */
export function parseFraction(value: string): number {
  const number = Number(value)
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 1) {
    throw new InvalidArgumentError(
      `"${value}" is not a fraction between 0 and 1 (for example 0.67).`,
    )
  }
  return number
}
