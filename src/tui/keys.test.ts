/**
 * The key router and the splitting of what Ink hands over as one input: each key reaches the
 * screen shown when it is its turn, none is dropped while a screen changes, in order.
 */
import type { Key } from 'ink'
import { describe, expect, it } from 'vitest'

import { KeyRouter, splitKeys } from './keys.js'

const plain = splitKeys('x', {} as Key)[0]?.key as Key

describe('splitKeys', () => {
  it('turns a quick "Enter q" read together into Enter, then q', () => {
    const keys = splitKeys('\rq', { ...plain })
    expect(keys.map(({ input, key }) => [input, key.return])).toEqual([
      ['', true],
      ['q', false],
    ])
  })

  it('names control characters, Tab, Backspace and Delete as Ink does for one key', () => {
    const [save, tab, back, del, upper] = splitKeys('\u0013\t\b\u007fA', { ...plain })
    expect(save).toMatchObject({ input: 's', key: { ctrl: true } })
    expect(tab?.key.tab).toBe(true)
    expect(back?.key.backspace).toBe(true)
    expect(del?.key.backspace).toBe(true)
    expect(upper).toMatchObject({ input: 'A', key: { shift: true } })
  })

  it('keeps one key, an escape sequence and a CRLF line end as they are', () => {
    expect(splitKeys('q', { ...plain })).toHaveLength(1)
    expect(splitKeys('\u001b[A', { ...plain, upArrow: true })).toHaveLength(1)
    expect(splitKeys('a\r\nb', { ...plain }).map((k) => k.input)).toEqual(['a', '', 'b'])
  })

  it('splits a pasted line of text into its characters, astral ones whole', () => {
    expect(splitKeys('hé😀', { ...plain }).map((k) => k.input)).toEqual(['h', 'é', '😀'])
  })
})

describe('KeyRouter', () => {
  it('hands keys that arrive while the screen changes to the next screen, in order', () => {
    const router = new KeyRouter()
    const seen: string[] = []
    const first = router.generation
    router.take((input) => {
      seen.push(`browse:${input}`)
      if (input === 'o') router.leave()
    }, first)
    router.dispatch('o', plain)
    router.dispatch('q', plain)
    router.dispatch('r', plain)
    expect(seen).toEqual(['browse:o'])
    // The old screen drawing again cannot take the keys back.
    router.take((input) => seen.push(`stale:${input}`), first)
    router.take((input) => seen.push(`read:${input}`), router.generation)
    expect(seen).toEqual(['browse:o', 'read:q', 'read:r'])
  })

  it('stops handing over at a key that changes the screen again', () => {
    const router = new KeyRouter()
    const seen: string[] = []
    router.leave()
    router.dispatch('a', plain)
    router.dispatch('b', plain)
    const generation = router.generation
    router.take((input) => {
      seen.push(input)
      router.leave()
    }, generation)
    expect(seen).toEqual(['a'])
    router.take((input) => seen.push(`next:${input}`), router.generation)
    expect(seen).toEqual(['a', 'next:b'])
  })

  it('keeps keys while a screen holds them (saving), then gives them back in order', () => {
    const router = new KeyRouter()
    const seen: string[] = []
    const generation = router.generation
    const handler = (input: string): void => {
      seen.push(input)
    }
    router.take(handler, generation)
    router.hold(generation)
    router.dispatch('d', plain)
    expect(seen).toEqual([])
    router.take(handler, generation)
    expect(seen).toEqual(['d'])
  })
})
