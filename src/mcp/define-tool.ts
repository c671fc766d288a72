/**
 * One tool: its name, zod input and output schemas, and a handler that returns the output or
 * throws; the SDK checks the input, and whatever the handler throws comes back as a tool error in
 * words (tool-result.ts), so no input a client sends can stop the server.
 */
import type {
  CallToolResult,
  McpServer,
  ServerContext,
  ToolAnnotations,
  ToolCallback,
} from '@modelcontextprotocol/server'
import type * as z from 'zod'

import { answer, inWords, refusal } from './tool-result.js'

export interface ToolSpec<I extends z.ZodObject, O extends z.ZodObject> {
  title: string
  description: string
  input: I
  output: O
  annotations?: ToolAnnotations
}

export type ToolHandler<I extends z.ZodObject, O extends z.ZodObject> = (
  args: z.output<I>,
  ctx: ServerContext,
) => Promise<z.input<O>>

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(
  mcp: McpServer,
  root: string,
  name: string,
  spec: ToolSpec<I, O>,
  handler: ToolHandler<I, O>,
): void {
  mcp.registerTool(
    name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: spec.input,
      outputSchema: spec.output,
      ...(spec.annotations ? { annotations: spec.annotations } : {}),
    },
    // The SDK has checked `args` against `spec.input`; its callback type cannot follow a
    // generic schema, hence the cast.
    (async (args: z.output<I>, ctx: ServerContext): Promise<CallToolResult> => {
      try {
        return answer(spec.output.parse(await handler(args, ctx)))
      } catch (error) {
        return refusal(inWords(error, root))
      }
    }) as ToolCallback<I>,
  )
}
