/**
 * An agent CLI that crashes as it starts (claude 1.0 on a Node too new for it prints a stack and
 * `Node.js v26.10.0` last): the failure names the error of the stack, through the real bin.
 * The `claude` here is a real Node program that dies the same way, of an uncaught TypeError.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'
import { stringify } from 'yaml'

import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'
import { pathWithNode } from './stand-ins.js'

/** Reads a property of something a newer Node removed, as claude 1.0 does with SlowBuffer. */
const CRASHING_CLAUDE = `#!/usr/bin/env node
const removed = require('node:buffer').SlowBufferRemovedHere
removed.prototype.equals = function () {}
`

coldThenWarm('an agent CLI that crashes on start', () => {
  it('is named by its error, not by the Node version line below the stack', async () => {
    const root = await tempFolder('discussions-crash-on-start-')
    const bin = join(root, 'bin')
    const config = join(root, 'config')
    await mkdir(join(root, 'project', '.git'), { recursive: true })
    await mkdir(bin)
    await mkdir(config)
    await writeFile(join(bin, 'claude'), CRASHING_CLAUDE, { mode: 0o755 })
    await writeFile(
      join(config, 'providers.yaml'),
      stringify({
        providers: [{ name: 'claude-agent', command: 'claude -p --model sonnet' }],
        default: 'claude-agent',
      }),
    )
    const run = await runDiscussions(['providers', 'test', 'claude-agent'], {
      cwd: join(root, 'project'),
      env: {
        PATH: `${bin}:${pathWithNode()}`,
        HOME: root,
        DISCUSSIONS_CONFIG_DIR: config,
        DISCUSSIONS_STATE_DIR: join(root, 'state'),
        DISCUSSIONS_USER: 'Rob',
      },
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      /^error: claude-agent: "claude" exited with code 1: TypeError: Cannot read properties of undefined \(reading 'prototype'\)( \(after [\d.]+ s\))?\n$/,
    )
    expect(run.stderr).not.toContain('Node.js v')
  })
})
