// src/core is checked without Node's or the DOM's types, so it cannot reach platform APIs. The
// web-standard globals it names are ones Node and browsers both provide: the cancellation signal
// and the UTF-8 decoder, with the part of their shape core relies on.
interface AbortSignal {
  readonly aborted: boolean
  readonly reason: unknown
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void
  removeEventListener(type: 'abort', listener: () => void): void
}

// UTF-8 decoding, with `fatal` to refuse bytes that are not UTF-8 (`src/core/text/text.ts`). Node and
// browsers both provide it.
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean })
  decode(input?: Uint8Array): string
}
