// The terminal fence: everything the CLI and the terminal UI print passes the one terminal
// sanitiser (src/core/terminal/sanitize-for-terminal.ts). The CLI prints through its output
// module (src/cli/io.ts: `io.stdout`, `io.stderr`), the terminal UI through its `Text`
// (src/tui/safe-text.tsx). These rules keep every other way to a terminal out of src/cli and
// src/tui, but in the few files that write the tool's own sequences (docs/architecture.md).

/** process.stdout's properties that only describe the terminal. */
const DESCRIBING = new Set(['isTTY', 'columns', 'rows'])

const noRawOutput = {
  meta: {
    type: 'problem',
    docs: {
      description: 'no console, process.stdout or process.stderr: print through the output module',
    },
    schema: [],
    messages: {
      console:
        'console.{{name}} prints unsanitised text: print through io.stdout / io.stderr (src/cli/io.ts), or a Text of src/tui/safe-text.tsx.',
      stream:
        'process.{{name}} writes unsanitised text: print through io.stdout / io.stderr (src/cli/io.ts), or a Text of src/tui/safe-text.tsx.',
    },
  },
  create(context) {
    return {
      MemberExpression(node) {
        if (node.object.type !== 'Identifier' || node.property.type !== 'Identifier') return
        const name = node.property.name
        if (node.object.name === 'console' && !node.computed) {
          context.report({ node, messageId: 'console', data: { name } })
          return
        }
        if (node.object.name !== 'process' || (name !== 'stdout' && name !== 'stderr')) return
        const parent = node.parent
        const describes =
          parent.type === 'MemberExpression' &&
          parent.object === node &&
          parent.property.type === 'Identifier' &&
          DESCRIBING.has(parent.property.name)
        if (!describes) context.report({ node, messageId: 'stream', data: { name } })
      },
    }
  },
}

const noUnsanitisedStream = {
  meta: {
    type: 'problem',
    docs: { description: 'the raw stream under io.stdout is the live progress renderer’s alone' },
    schema: [],
    messages: {
      raw: 'unsanitisedStream is for the live progress renderer, which sanitises each row itself: print through io.stdout.write.',
    },
  },
  create(context) {
    return {
      MemberExpression(node) {
        if (node.property.type === 'Identifier' && node.property.name === 'unsanitisedStream')
          context.report({ node, messageId: 'raw' })
      },
    }
  },
}

/** Ink's exports that put text on the screen without the sanitiser. */
const INK_RAW = new Set(['Text', 'Transform', 'useStdout', 'useStderr'])

const inkTextThroughSanitiser = {
  meta: {
    type: 'problem',
    docs: { description: "Ink's Text, Transform and stream hooks only where the sanitiser is" },
    schema: [],
    messages: {
      ink: "Ink's {{name}} draws unsanitised text: use Text from src/tui/safe-text.tsx.",
    },
  },
  create(context) {
    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'ink' || node.importKind === 'type') return
        for (const specifier of node.specifiers) {
          if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue
          const name = specifier.imported.name
          if (INK_RAW.has(name))
            context.report({ node: specifier, messageId: 'ink', data: { name } })
        }
      },
    }
  },
}

export const terminalOutputPlugin = {
  rules: {
    'no-raw-output': noRawOutput,
    'no-unsanitised-stream': noUnsanitisedStream,
    'ink-text-through-sanitiser': inkTextThroughSanitiser,
  },
}

/**
 * The files that write the tool's own sequences, each with the rule it may break and why.
 * Everything else in src/cli and src/tui prints sanitised text only.
 */
export const TERMINAL_WRITERS = [
  {
    file: 'src/cli/io.ts',
    rules: ['no-raw-output', 'no-unsanitised-stream'],
    why: 'the output module itself',
  },
  {
    file: 'src/cli/index.ts',
    rules: ['no-raw-output'],
    why: 'hands the process streams to the output module',
  },
  {
    file: 'src/cli/progress/index.ts',
    rules: ['no-unsanitised-stream'],
    why: 'hands the raw stream to the live renderer, which sanitises each row',
  },
  {
    file: 'src/tui/terminal.ts',
    rules: ['no-raw-output'],
    why: 'switches to and from the alternate screen',
  },
  {
    file: 'src/tui/safe-text.tsx',
    rules: ['ink-text-through-sanitiser'],
    why: 'the sanitising Text',
  },
  {
    file: 'src/tui/use-editor.ts',
    rules: ['ink-text-through-sanitiser'],
    why: 'clears the screen after $EDITOR',
  },
  {
    file: 'src/tui/use-terminal-size.ts',
    rules: ['ink-text-through-sanitiser'],
    why: 'reads the terminal size',
  },
]

const RULES = Object.keys(terminalOutputPlugin.rules)

/** The flat-config blocks that put the terminal fence on src/cli and src/tui. */
export const terminalOutput = [
  {
    files: ['src/cli/**/*.{ts,tsx}', 'src/tui/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { terminal: terminalOutputPlugin },
    rules: Object.fromEntries(RULES.map((rule) => [`terminal/${rule}`, 'error'])),
  },
  ...TERMINAL_WRITERS.map(({ file, rules }) => ({
    files: [file],
    rules: Object.fromEntries(rules.map((rule) => [`terminal/${rule}`, 'off'])),
  })),
]
