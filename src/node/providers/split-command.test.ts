import { describe, expect, it } from 'vitest'

import { hardenCommand } from './cli-safety.js'
import { redact } from './redact.js'
import { CommandSyntaxError, splitCommand } from './split-command.js'

const env = { HOME: '/home/ada', MODEL: 'deep seek', OPENAI_API_KEY: 'sk-abcdefghijklmnop' }
const split = (command: string | string[]) => splitCommand(command, env, '/home/ada')

describe('splitCommand', () => {
  it('splits the seed’s commands into program and arguments', () => {
    expect(split('claude -p --model sonnet')).toEqual(['claude', '-p', '--model', 'sonnet'])
    expect(split('codex exec -')).toEqual(['codex', 'exec', '-'])
    expect(split('$HOME/.opencode/bin/opencode run --model deepseek/deepseek-chat')).toEqual([
      '/home/ada/.opencode/bin/opencode',
      'run',
      '--model',
      'deepseek/deepseek-chat',
    ])
  })

  it('respects quotes and backslashes as a shell would', () => {
    expect(split(`tool --system "be brief, please" 'single $HOME' a\\ b ""`)).toEqual([
      'tool',
      '--system',
      'be brief, please',
      'single $HOME',
      'a b',
      '',
    ])
    expect(split(`tool "say \\"hi\\" \\$HOME" x"y"z`)).toEqual(['tool', 'say "hi" $HOME', 'xyz'])
  })

  it('expands ~ and $VAR / ${VAR}, keeping an expanded value as one argument', () => {
    expect(split('~/bin/ai --model $MODEL --home=${HOME} "$MODEL!"')).toEqual([
      '/home/ada/bin/ai',
      '--model',
      'deep seek',
      '--home=/home/ada',
      'deep seek!',
    ])
    expect(split('ai ~other a~b $ 5')).toEqual(['ai', '~other', 'a~b', '$', '5'])
  })

  it('takes a list as it is', () => {
    expect(split(['my tool', '$HOME', '~'])).toEqual(['my tool', '$HOME', '~'])
  })

  it('refuses what needs a shell, with a reason', () => {
    const refused = (command: string) => () => split(command)
    expect(refused('ai | tee log')).toThrow(CommandSyntaxError)
    expect(refused('ai > out.txt')).toThrow(/needs a shell/)
    expect(refused('ai; rm -rf /')).toThrow(/needs a shell/)
    expect(refused('ai $(cat key)')).toThrow(/command substitution/)
    expect(refused('ai `whoami`')).toThrow(/needs a shell/)
    expect(refused('ai "unclosed')).toThrow(/not closed/)
    expect(refused('ai ${MODEL:-x}')).toThrow(/only \$NAME and \$\{NAME\}/)
    expect(refused('ai $UNSET_THING')).toThrow('the command uses $UNSET_THING, which is not set')
    expect(refused('ai --key $OPENAI_API_KEY')).toThrow(/looks like a secret: list it under env:/)
    expect(refused('   ')).toThrow(/empty/)
  })
})

describe('hardenCommand', () => {
  it('refuses flags that turn permission checks off', () => {
    expect(() => hardenCommand(['claude', '-p', '--dangerously-skip-permissions'])).toThrow(
      'claude --dangerously-skip-permissions turns off its permission checks; remove it',
    )
    expect(() => hardenCommand(['claude', '-p', '--permission-mode=bypassPermissions'])).toThrow(
      /--permission-mode bypassPermissions/,
    )
    expect(() =>
      hardenCommand(['/opt/bin/codex', 'exec', '--sandbox', 'danger-full-access']),
    ).toThrow(/codex --sandbox danger-full-access/)
    expect(() => hardenCommand(['codex', 'exec', '--yolo'])).toThrow(/--yolo/)
    expect(() => hardenCommand(['gemini', '-y'])).toThrow(/gemini -y/)
    expect(() => hardenCommand(['gemini', '--approval-mode', 'yolo'])).toThrow(/approval-mode yolo/)
    expect(() => hardenCommand(['codex', 'exec', '-s', 'workspace-write'])).toThrow(
      /codex --sandbox workspace-write/,
    )
    expect(() => hardenCommand(['opencode', 'run', '--auto'])).toThrow(/opencode --auto/)
    expect(() => hardenCommand(['opencode', 'run', '--share'])).toThrow(/public link/)
  })

  it('refuses flags that would give a CLI its tools back', () => {
    expect(() => hardenCommand(['claude', '-p', '--tools', 'Bash,Edit'])).toThrow(
      'claude --tools gives it tools back (discussions turns them off); remove it',
    )
    expect(() => hardenCommand(['claude', '-p', '--mcp-config=servers.json'])).toThrow(
      /claude --mcp-config/,
    )
    expect(() => hardenCommand(['codex', 'exec', '--add-dir', '/home'])).toThrow(/codex --add-dir/)
  })

  it('leaves other commands and safe flags alone', () => {
    expect(hardenCommand(['claude', '-p', '--model', 'sonnet'])).toEqual([
      'claude',
      '-p',
      '--model',
      'sonnet',
    ])
    expect(hardenCommand(['gemini', '--approval-mode', 'default'])).toEqual([
      'gemini',
      '--approval-mode',
      'default',
    ])
    expect(hardenCommand(['ollama', 'run', 'llama3.2'])).toEqual(['ollama', 'run', 'llama3.2'])
  })
})

describe('redact', () => {
  it('hides the named variables, secret-looking ones and key-shaped strings', () => {
    const environment = {
      MY_PROVIDER_CREDS: 'plain-value-123456',
      GEMINI_TOKEN: 'tok_0123456789',
      SHORT_KEY: 'abc',
      HOME: '/home/ada',
      GIT_AUTHOR_NAME: 'Ada Lovelace',
    }
    const text = [
      'creds plain-value-123456',
      'token tok_0123456789',
      'short abc',
      'home /home/ada',
      'author Ada Lovelace',
      'openai sk-proj-ABCDEFGH12345678',
      'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.abc',
      'x-api-key: 0123456789abcdef',
    ].join('\n')
    expect(redact(text, ['MY_PROVIDER_CREDS'], environment)).toBe(
      [
        'creds [redacted]',
        'token [redacted]',
        'short abc',
        'home /home/ada',
        'author Ada Lovelace',
        'openai [redacted]',
        'Authorization: Bearer [redacted]',
        'x-api-key: [redacted]',
      ].join('\n'),
    )
  })
})
