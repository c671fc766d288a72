/**
 * A model that drives an MCP client through the discussions tools, for the Messages API stand-in:
 * asked for model `MCP_SCRIPT_MODEL`, it reads the conversation so far (the `tool_use` blocks it
 * answered before and the `tool_result` blocks the client sent back) and takes the next step:
 *
 * 1. `create_discussion` (joining it, so its vote counts);
 * 2. `add_comment` on the path the first result gave, with a vote;
 * 3. `read_discussion` of it;
 * 4. a closing text, `end_turn`.
 *
 * `MCP_PAGER_MODEL` reads a whole discussion a page at a time instead.
 *
 * It holds no state between requests (the API does not), so a client that retries a request gets
 * the same step. A tool that is not offered, or a result that is an error, ends the script with a
 * text saying so, which the test then sees.
 */

export const MCP_SCRIPT_MODEL = 'discussions-mcp-script'

/**
 * A second model: it reads the discussion the prompt names (`Read <path>`) with read_discussion,
 * page after page, following each result's `next_cursor` until there is none.
 */
export const MCP_PAGER_MODEL = 'discussions-mcp-pager'

/** The models this file answers for. */
export const SCRIPTED_MODELS: readonly string[] = [MCP_SCRIPT_MODEL, MCP_PAGER_MODEL]

/** The server's name in the client's MCP config: the tools are `mcp__discussions__<tool>`. */
export const MCP_SERVER_NAME = 'discussions'

export const SCRIPT = {
  title: 'Adopt the MCP server',
  context: 'Coding agents open, read and join discussions through discussions mcp.',
  comment: 'I read the proposal through the MCP server. The tools cover what an agent needs.',
  vote: 'READY',
} as const

/** A step's answer: one `tool_use` block, or the closing text. */
export type ScriptStep =
  | { kind: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { kind: 'text'; text: string }

type Block = Record<string, unknown>

const isObject = (value: unknown): value is Block =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function blocksOf(message: unknown): Block[] {
  if (!isObject(message) || !Array.isArray(message.content)) return []
  return message.content.filter(isObject)
}

/** A tool_result's text, however the client spelled its content (a string or text blocks). */
function resultText(block: Block): string {
  if (typeof block.content === 'string') return block.content
  if (!Array.isArray(block.content)) return ''
  return block.content
    .filter(isObject)
    .map((part) => (typeof part.text === 'string' ? part.text : ''))
    .join('')
}

/** The discussion's path out of create_discussion's result (JSON text, or words around it). */
function pathIn(text: string): string | null {
  try {
    const value: unknown = JSON.parse(text)
    if (isObject(value) && typeof value.path === 'string') return value.path
  } catch {
    // not JSON: look for the field in the text
  }
  return /"path"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? null
}

const toolName = (tool: string): string => `mcp__${MCP_SERVER_NAME}__${tool}`

/** The first text the user sent: the prompt. */
function promptOf(messages: unknown[]): string {
  for (const message of messages)
    for (const block of blocksOf(message))
      if (
        block.type === 'text' &&
        typeof block.text === 'string' &&
        /^Read \S+\.md/.test(block.text)
      )
        return block.text
  return ''
}

/** The pager's next step: the first page, the page after the last one read, or the end. */
function nextPage(
  path: string | null,
  results: { tool: string; text: string }[],
  step: (tool: string, input: Record<string, unknown>) => ScriptStep,
): ScriptStep {
  if (path === null) return { kind: 'text', text: 'The prompt names no discussion to read.' }
  const last = results.at(-1)
  if (last === undefined) return step('read_discussion', { path })
  let cursor: unknown
  try {
    cursor = (JSON.parse(last.text) as { next_cursor?: unknown }).next_cursor ?? null
  } catch {
    return { kind: 'text', text: `read_discussion gave no JSON: ${last.text.slice(0, 200)}` }
  }
  if (typeof cursor === 'string') return step('read_discussion', { path, cursor })
  return { kind: 'text', text: `Read ${path} in ${results.length} pages.` }
}

/** The next step, from the request's body. */
export function nextStep(body: Record<string, unknown>): ScriptStep {
  const offered = new Set(
    (Array.isArray(body.tools) ? body.tools : []).filter(isObject).map((tool) => String(tool.name)),
  )
  const messages = Array.isArray(body.messages) ? body.messages : []
  // What was asked (tool_use id -> name) and what came back, in order.
  const asked = new Map<string, string>()
  const results: { tool: string; text: string; error: boolean }[] = []
  for (const message of messages)
    for (const block of blocksOf(message)) {
      if (block.type === 'tool_use' && typeof block.id === 'string')
        asked.set(block.id, String(block.name))
      if (block.type === 'tool_result' && typeof block.tool_use_id === 'string')
        results.push({
          tool: asked.get(block.tool_use_id) ?? '?',
          text: resultText(block),
          error: block.is_error === true,
        })
    }
  const failed = results.find((result) => result.error)
  if (failed) return { kind: 'text', text: `The tool ${failed.tool} failed: ${failed.text}` }
  const step = (tool: string, input: Record<string, unknown>): ScriptStep =>
    offered.has(toolName(tool))
      ? {
          kind: 'tool_use',
          id: `toolu_standin_${results.length + 1}`,
          name: toolName(tool),
          input,
        }
      : { kind: 'text', text: `The tool ${toolName(tool)} was not offered.` }
  if (body.model === MCP_PAGER_MODEL)
    return nextPage(/^Read (\S+\.md)/.exec(promptOf(messages))?.[1] ?? null, results, step)
  const created = results.find((result) => result.tool === toolName('create_discussion'))
  if (!created)
    return step('create_discussion', { title: SCRIPT.title, context: SCRIPT.context, join: true })
  const path = pathIn(created.text)
  if (path === null)
    return { kind: 'text', text: `create_discussion gave no path: ${created.text}` }
  if (!results.some((result) => result.tool === toolName('add_comment')))
    return step('add_comment', { path, text: SCRIPT.comment, vote: SCRIPT.vote })
  if (!results.some((result) => result.tool === toolName('read_discussion')))
    return step('read_discussion', { path })
  return { kind: 'text', text: `Created ${path}, commented with ${SCRIPT.vote} and read it back.` }
}
