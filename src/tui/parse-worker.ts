/**
 * The worker thread that parses a discussion for the terminal UI: the same core parser and view
 * as everywhere else, run here so the main thread keeps drawing and hearing keys (q, Esc, Ctrl-C,
 * SIGTERM) while a long file is parsed. Receives the text, answers with its view.
 */
import { parentPort } from 'node:worker_threads'

import { describeDiscussion } from '../core/discussion/describe.js'
import { parseDiscussion } from '../core/format/parse.js'

parentPort?.once('message', (text: string) => {
  parentPort?.postMessage(describeDiscussion(parseDiscussion(text)))
})
