/**
 * Counts the newline bytes of a buffer with WebAssembly SIMD, sixteen bytes a step. A first append
 * to a file nothing is cached for counts every line of it (tail-cache.ts), and counting in
 * JavaScript, an `indexOf` per line, was the largest part of that pass: about 6 of its 20 ms on a
 * 10 MB file. A newline byte (0x0a) is never part of a longer UTF-8 character, so counting bytes
 * counts lines.
 *
 * The module is a dozen instructions, written out below in its binary form; its text form:
 *
 *   (module
 *     (memory (export "memory") 1)
 *     (func (export "count") (param $at i32) (param $end i32) (result i32)
 *       (local $count i32) (local $newlines v128)
 *       (local.set $newlines (i8x16.splat (i32.const 10)))
 *       (block $done (loop $blocks                      ;; sixteen bytes at a time
 *         (br_if $done (i32.gt_u (i32.add (local.get $at) (i32.const 16)) (local.get $end)))
 *         (local.set $count (i32.add (local.get $count) (i32.popcnt (i8x16.bitmask
 *           (i8x16.eq (v128.load (local.get $at)) (local.get $newlines))))))
 *         (local.set $at (i32.add (local.get $at) (i32.const 16)))
 *         (br $blocks)))
 *       (block $done (loop $bytes                       ;; then the last few, one by one
 *         (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
 *         (local.set $count (i32.add (local.get $count)
 *           (i32.eq (i32.load8_u (local.get $at)) (i32.const 10))))
 *         (local.set $at (i32.add (local.get $at) (i32.const 1)))
 *         (br $bytes)))
 *       (local.get $count)))
 *
 * Where WebAssembly cannot run (Node started with --jitless), the count is made in JavaScript.
 */

// prettier-ignore
const MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  0x01, 0x07, 0x01, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f, // types: (i32, i32) -> i32
  0x03, 0x02, 0x01, 0x00, // functions: one, of type 0
  0x05, 0x03, 0x01, 0x00, 0x01, // memories: one, at least one page
  0x07, 0x12, 0x02, // exports: two
  0x06, 0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x02, 0x00, // "memory": memory 0
  0x05, 0x63, 0x6f, 0x75, 0x6e, 0x74, 0x00, 0x00, // "count": function 0
  0x0a, 0x5e, 0x01, 0x5c, // code: one body of 92 bytes
  0x02, 0x01, 0x7f, 0x01, 0x7b, // locals: $count i32, $newlines v128
  0x41, 0x0a, 0xfd, 0x0f, 0x21, 0x03, // $newlines = i8x16.splat(10)
  0x02, 0x40, 0x03, 0x40, // block, loop
  0x20, 0x00, 0x41, 0x10, 0x6a, 0x20, 0x01, 0x4b, 0x0d, 0x01, // br_if 1 (at + 16 > end)
  0x20, 0x02, 0x20, 0x00, 0xfd, 0x00, 0x00, 0x00, // count, v128.load(at)
  0x20, 0x03, 0xfd, 0x23, 0xfd, 0x64, 0x69, 0x6a, 0x21, 0x02, // eq, bitmask, popcnt, add
  0x20, 0x00, 0x41, 0x10, 0x6a, 0x21, 0x00, 0x0c, 0x00, // at += 16, br 0
  0x0b, 0x0b, // end loop, end block
  0x02, 0x40, 0x03, 0x40, // block, loop
  0x20, 0x00, 0x20, 0x01, 0x4f, 0x0d, 0x01, // br_if 1 (at >= end)
  0x20, 0x02, 0x20, 0x00, 0x2d, 0x00, 0x00, 0x41, 0x0a, 0x46, 0x6a, 0x21, 0x02, // count += byte == 10
  0x20, 0x00, 0x41, 0x01, 0x6a, 0x21, 0x00, 0x0c, 0x00, // at += 1, br 0
  0x0b, 0x0b, // end loop, end block
  0x20, 0x02, 0x0b, // return count
])

const PAGE_BYTES = 64 * 1024

// The part of the WebAssembly global used here (the Node typings this project builds with do not
// declare it).
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object
  Instance: new (module: object) => { exports: unknown }
}

interface Counter {
  memory: { buffer: ArrayBuffer; grow: (pages: number) => number }
  count: (at: number, end: number) => number
}

let counter: Counter | null | undefined

function wasmCounter(): Counter | null {
  if (counter !== undefined) return counter
  try {
    const { exports } = new WebAssembly.Instance(new WebAssembly.Module(MODULE))
    counter = exports as Counter
  } catch {
    counter = null
  }
  return counter
}

function countInJavaScript(bytes: Uint8Array): number {
  let count = 0
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) count++
  return count
}

/** How many newline bytes `bytes` holds. */
export function countNewlineBytes(bytes: Uint8Array): number {
  const wasm = wasmCounter()
  if (!wasm) return countInJavaScript(bytes)
  const missing = bytes.length - wasm.memory.buffer.byteLength
  if (missing > 0) wasm.memory.grow(Math.ceil(missing / PAGE_BYTES))
  new Uint8Array(wasm.memory.buffer, 0, bytes.length).set(bytes)
  return wasm.count(0, bytes.length)
}
