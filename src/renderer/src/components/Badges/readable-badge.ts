/**
 * The text colour of a light or outline badge that reads at AA in both schemes: Mantine's own
 * tone is too pale on its tint (or on white) in the light scheme, so a darker tone of the same
 * hue is used there; the dark scheme keeps Mantine's.
 */
import type { CSSProperties } from 'react'

const LIGHT_SCHEME_TEXT: Record<string, string> = {
  teal: '#0b5345',
  green: '#1a5325',
  blue: '#174a7c',
  red: '#7a1919',
  orange: '#7a3a00',
  yellow: '#8a4700',
  violet: '#4b2a8a',
  grape: '#6b1f7a',
  gray: '#383d42',
}

export function readableBadgeText(colour: string): CSSProperties {
  const light = LIGHT_SCHEME_TEXT[colour] ?? '#212529'
  return { color: `light-dark(${light}, var(--mantine-color-${colour}-light-color))` }
}
