import { resolve } from 'node:path'

import { useRef } from 'react'

import { TOP } from './view-model/reading-document.js'
import type { KeptPlace } from './view-model/reading-document.js'

export interface KeptPlaces {
  /** The place kept for `file` (the top, the first time); the reading screen moves it. */
  of: (file: string) => KeptPlace
  /** Opens `file` (relative to `cwd`) at comment `at`, numbered as `parse` numbers comments. */
  openAt: (file: string, at: number) => void
}

/**
 * Where the person was in each discussion opened, so a turn, a comment, an advance or a visit to
 * the list brings them back to the same place (or to the end, when they were at the end).
 */
export function useKeptPlaces(cwd: string, first: { file: string; at: number } | null): KeptPlaces {
  const places = useRef<Map<string, KeptPlace> | null>(null)
  if (places.current === null) {
    places.current = new Map()
    if (first !== null) places.current.set(resolve(cwd, first.file), atComment(first.at))
  }
  const kept = places.current
  return {
    of: (file) => {
      let place = kept.get(file)
      if (!place) kept.set(file, (place = { place: TOP, atEnd: false }))
      return place
    },
    openAt: (file, at) => kept.set(resolve(cwd, file), atComment(at)),
  }
}

/** The place of comment `at`'s first line: part 0 is the opening, comment N is part N + 1. */
const atComment = (at: number): KeptPlace => ({ place: { part: at + 1, line: 0 }, atEnd: false })
