/**
 * `discussions mcp` as a coding agent uses it: the SDK's own client over stdio against the real
 * bin, on a folder whose only provider is the built-in demo. Every tool, the discussion resources
 * with a subscription, and the review prompt; the journey runs twice, cold (fresh state and
 * caches) and warm (the same state folder again).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { parseDiscussion } from '../../src/core/format/parse.js'
import { tempFolder } from '../support/temp.js'
import { mcpWorkspace, openSession, untilSettled } from './mcp-session.js'
import type { McpSession, McpWorkspace } from './mcp-session.js'
import { coldThenWarm } from '../support/run-cli.js'

const TOOLS = [
  'add_comment',
  'advance_phase',
  'council_status',
  'create_discussion',
  'debate_status',
  'list_discussions',
  'read_discussion',
  'run_council',
  'run_debate',
  'run_turn',
  'turn_status',
  'votes',
]

interface Created {
  path: string
  participants: string[]
}
interface TurnStatus {
  state: string
  participants: { participant: string; state: string; vote: string | null; line: number | null }[]
  answers: { participant: string; author: string; text: string; index: number }[]
  verdict: string | null
}

async function journey(space: McpWorkspace): Promise<void> {
  const session = await openSession(space)
  try {
    await toolsAndDiscussion(session, space)
    await resources(session)
    await reviewPrompt(session)
    await councilAndDebate(session)
    expect(session.largest().tokens).toBeLessThan(10_000)
  } finally {
    await session.close()
  }
  expect(session.stderr()).toBe('')
}

async function toolsAndDiscussion(session: McpSession, space: McpWorkspace): Promise<void> {
  const { tools } = await session.client.listTools()
  expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS)
  for (const tool of tools) {
    expect(tool.description, tool.name).toBeTruthy()
    expect(tool.inputSchema.type, tool.name).toBe('object')
    expect(tool.outputSchema?.type, tool.name).toBe('object')
  }

  const created = await session.ok<Created>('create_discussion', {
    title: 'Payment retries',
    context: 'Should failed card payments be retried, and how often?',
    participants: ['architect', 'security'],
    join: true,
  })
  expect(created).toMatchObject({
    path: 'discussions/payment-retries.md',
    participants: ['architect', 'security', 'ai-agent-claude-code'],
  })

  const comment = await session.ok('add_comment', {
    path: created.path,
    text: 'Retry twice with backoff. @architect, is a queue worth it here?',
    vote: 'READY',
  })
  expect(comment).toMatchObject({
    author: 'AI-agent-claude-code',
    vote: 'READY',
    vote_counts: true,
  })

  const read = await session.ok<{
    comments: { author: string; vote: string | null; body: string }[]
    votes: { name: string; vote: string }[]
  }>('read_discussion', { path: created.path })
  expect(read.comments).toEqual([
    expect.objectContaining({ author: 'AI-agent-claude-code', vote: 'READY' }),
  ])
  expect(read.votes).toEqual([
    expect.objectContaining({ name: 'AI-agent-claude-code', vote: 'READY' }),
  ])

  // The turn: started at once, polled, finished; the @mention routes the architect alone.
  const started = await session.ok<{ run_id: string; participants: string[] }>('run_turn', {
    path: created.path,
  })
  expect(started.participants).toEqual(['architect'])
  const { last } = await untilSettled<TurnStatus>(session, 'turn_status', started.run_id)
  expect(last.state).toBe('finished')
  expect(last.participants).toEqual([
    // The demo provider's vote follows the discussion's phase and text: any vote shows it ran.
    expect.objectContaining({
      participant: 'architect',
      state: 'done',
      vote: expect.stringMatching(/^(READY|CHANGES|REJECT)$/),
    }),
  ])
  expect(last.answers).toEqual([
    expect.objectContaining({ participant: 'architect', author: 'AI-Architect', index: 1 }),
  ])
  expect(last.answers[0]?.text).toContain('demo provider')
  expect(last.verdict).toBeTruthy()

  const everyone = await session.ok<{ run_id: string }>('run_turn', {
    path: created.path,
    personas: ['all'],
  })
  const second = await untilSettled<TurnStatus>(session, 'turn_status', everyone.run_id)
  expect(second.last.participants.map((row) => [row.participant, row.state])).toEqual([
    ['architect', 'done'],
    ['security', 'done'],
  ])

  const votes = await session.ok<{ verdict: string; votes: { name: string }[] }>('votes', {
    path: created.path,
  })
  expect(votes.verdict).toMatch(/consensus|vote/i)

  const listed = await session.ok<{ discussions: { path: string; title: string }[] }>(
    'list_discussions',
    { title: 'payment' },
  )
  expect(listed.discussions.map((one) => one.path)).toEqual([created.path])
  expect(
    (await session.ok<{ total: number }>('list_discussions', { status: 'no-such-status' })).total,
  ).toBe(0)

  const advanced = await session.ok<{ from: string; to: string }>('advance_phase', {
    path: created.path,
  })
  expect(advanced.to).not.toBe(advanced.from)

  // The file the calls produced: the agent's block, signed and voted, and the answers after it.
  const file = await readFile(join(space.root, created.path), 'utf8')
  expect(file).toContain(
    'Name: AI-agent-claude-code\n\nRetry twice with backoff. @architect, is a queue worth it here?\n\nVOTE: READY\n',
  )
  const parsed = parseDiscussion(file)
  expect(parsed.comments.map((one) => one.author)).toEqual([
    'AI-agent-claude-code',
    'AI-Architect',
    'AI-Architect',
    'AI-Security',
  ])
}

async function resources(session: McpSession): Promise<void> {
  const { resources } = await session.client.listResources()
  const uri = 'discussion://discussions/payment-retries.md'
  expect(resources.map((resource) => resource.uri)).toContain(uri)
  const { contents } = await session.client.readResource({ uri })
  const [content] = contents
  expect(content && 'text' in content ? content.text : '').toMatch(/^<!-- DISCUSSION -->/)
  expect(content?._meta).toMatchObject({ page: 1, pages: 1, next: null })

  const updated = new Promise<string>((resolve) =>
    session.client.setNotificationHandler('notifications/resources/updated', (notification) =>
      resolve(notification.params.uri),
    ),
  )
  await session.client.subscribeResource({ uri })
  await session.ok('add_comment', {
    path: 'discussions/payment-retries.md',
    text: 'One more thought.',
  })
  expect(await updated).toBe(uri)
}

async function reviewPrompt(session: McpSession): Promise<void> {
  const { prompts } = await session.client.listPrompts()
  expect(prompts.map((prompt) => prompt.name)).toEqual(['review_with_panel'])
  const prompt = await session.client.getPrompt({
    name: 'review_with_panel',
    arguments: { text: 'function add(a, b) {\n  return a - b\n}\n' },
  })
  const [message] = prompt.messages
  const text = message?.content.type === 'text' ? message.content.text : ''
  const runId = /turn run id ([0-9a-f-]{36})/.exec(text)?.[1] ?? ''
  expect(text).toContain('@architect, @security, @perfectionist are answering now')
  const { last } = await untilSettled<TurnStatus>(session, 'turn_status', runId)
  expect(last.participants.every((row) => row.state === 'done')).toBe(true)
}

async function councilAndDebate(session: McpSession): Promise<void> {
  const council = await session.ok<{ run_id: string; path: string }>('run_council', {
    question: 'Should the parser move to Rust?',
  })
  const councilDone = await untilSettled<{
    state: string
    complete: boolean
    synthesis: { author: string } | null
  }>(session, 'council_status', council.run_id)
  expect(councilDone.last).toMatchObject({ state: 'finished', complete: true })
  expect(councilDone.last.synthesis?.author).toBe('AI-Referee')

  const debate = await session.ok<{ run_id: string }>('run_debate', {
    title: 'Pick a message queue',
    participants: ['architect', 'security', 'pragmatist'],
  })
  const debateDone = await untilSettled<{
    state: string
    outcome: string | null
    proposals: unknown[]
  }>(session, 'debate_status', debate.run_id)
  expect(debateDone.last.state).toBe('finished')
  expect(debateDone.last.outcome).not.toBeNull()
  expect(debateDone.last.proposals.length).toBe(3)
}

/** The user config and state both passes share, as one machine's would be. */
let shared: Promise<{ config: string; state: string }> | null = null
const sharedFolders = () =>
  (shared ??= tempFolder('discussions-mcp-shared-').then((folder) => ({
    config: join(folder, 'config'),
    state: join(folder, 'state'),
  })))

coldThenWarm('discussions mcp, driven by the SDK client over stdio', (pass) => {
  it('serves every tool, resource and the prompt', async () => {
    const space = await mcpWorkspace(`discussions-mcp-${pass}-`, await sharedFolders())
    await journey(space)
  }, 180_000)
})
