/**
 * How each kind of line looks. With NO_COLOR set (no-color.org) nothing is coloured; emphasis
 * then comes from bold, dim and inverse only, so every state stays readable.
 */
import type { LineStyle } from './view-model/reading.js'

export interface Paint {
  color?: string
  bold?: boolean
  dimColor?: boolean
  inverse?: boolean
}

export function colorsWanted(env: NodeJS.ProcessEnv): boolean {
  return env.NO_COLOR === undefined || env.NO_COLOR === ''
}

const COLORED: Record<LineStyle, Paint> = {
  title: { color: 'cyan', bold: true },
  header: { color: 'gray' },
  body: {},
  author: { color: 'yellow', bold: true },
  marker: { color: 'magenta' },
  vote: { color: 'green', bold: true },
  phase: { color: 'blue', bold: true },
  rule: { dimColor: true },
  dim: { dimColor: true },
}

const PLAIN: Record<LineStyle, Paint> = {
  title: { bold: true },
  header: { dimColor: true },
  body: {},
  author: { bold: true },
  marker: { bold: true },
  vote: { bold: true },
  phase: { bold: true },
  rule: { dimColor: true },
  dim: { dimColor: true },
}

export function paint(style: LineStyle, colors: boolean): Paint {
  return (colors ? COLORED : PLAIN)[style]
}

/** A colour when colours are wanted, else nothing. */
export function tint(color: string, colors: boolean): Paint {
  return colors ? { color } : {}
}

export const VOTE_COLORS: Record<string, string> = {
  READY: 'green',
  CHANGES: 'yellow',
  REJECT: 'red',
}
