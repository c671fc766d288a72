/** The programs the real-CLI tests start, relative to the install folder. */
export declare const AGENT_CLI_BINS: Record<
  'claude' | 'codex' | 'gemini' | 'opencode' | 'claude-1.0',
  string
>
/** Where the pinned CLIs are (or will be) installed on this machine. */
export declare function agentClisFolder(env?: NodeJS.ProcessEnv): string
/** The installed versions when the folder holds a finished install, else null. */
export declare function installedAgentClis(folder?: string): Record<string, string> | null
