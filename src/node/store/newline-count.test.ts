import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { countNewlineBytes } from './newline-count.js'

const byDefinition = (bytes: Uint8Array): number => bytes.filter((byte) => byte === 0x0a).length

describe('countNewlineBytes', () => {
  it('counts every newline byte, whatever the length and wherever they fall', () => {
    fc.assert(
      fc.property(
        // Mostly newlines and a few other bytes, across the 16-byte steps and the bytes after them.
        fc
          .uint8Array({ maxLength: 200 })
          .map((bytes) => bytes.map((b) => (b % 3 === 0 ? 0x0a : b))),
        (bytes) => {
          expect(countNewlineBytes(bytes)).toBe(byDefinition(bytes))
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('counts a buffer larger than its memory, and a smaller one after it', () => {
    const large = Buffer.alloc(300_000, 'line\n') // grows the memory past one page
    expect(countNewlineBytes(large)).toBe(60_000)
    expect(countNewlineBytes(Buffer.from('a\nb'))).toBe(1) // nothing left over from before
    expect(countNewlineBytes(new Uint8Array(0))).toBe(0)
  })

  it('counts UTF-8 text by its lines: no byte of a longer character is a newline', () => {
    const text = 'Name: Zoë\n\n日本語のコメント\n😀 ---\n\u3000\n'
    expect(countNewlineBytes(Buffer.from(text))).toBe(text.split('\n').length - 1)
  })

  it('counts in JavaScript where WebAssembly cannot run (node --jitless)', () => {
    const module = fileURLToPath(new URL('./newline-count.ts', import.meta.url))
    const script = `const { countNewlineBytes } = await import(${JSON.stringify(module)})
      process.stdout.write(typeof WebAssembly + ' ' + countNewlineBytes(Buffer.from('a\\nb\\n\\nc')))`
    const output = execFileSync(
      process.execPath,
      ['--jitless', '--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
    expect(output).toBe('undefined 3')
  })
})
