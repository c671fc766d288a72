/**
 * An answer may quote a key: a model can be talked into repeating the header it was sent, and an
 * HTTP endpoint may echo the request. Every kind's answer passes through here before the turn,
 * the journal or the UI sees it: streamed pieces through a stream redactor (a key split across
 * two pieces is caught too), the whole text through `redact`. Command providers redact inside
 * their own reader, where the program's stdout is decoded, so they are not wrapped twice.
 */
import type { Provider, ProviderCompletion, ProviderRequest } from '../../core/providers/port.js'
import { redact, streamRedactor } from './redact.js'

export function withRedactedAnswers(
  provider: Provider,
  keyNames: readonly string[],
  env: NodeJS.ProcessEnv,
): Provider {
  return {
    ...provider,
    async complete(request: ProviderRequest): Promise<ProviderCompletion> {
      const onText = request.onText
      let shown = streamRedactor(keyNames, env)
      const streamed: ProviderRequest = onText
        ? {
            ...request,
            onText: (delta) => {
              const safe = shown.push(delta)
              if (safe !== '') onText(safe)
            },
            ...(request.onRetry
              ? {
                  onRetry: (failed, next) => {
                    shown = streamRedactor(keyNames, env) // the failed attempt's text is dropped
                    request.onRetry?.(failed, next)
                  },
                }
              : {}),
          }
        : request
      const completion = await provider.complete(streamed)
      if (onText) {
        const rest = shown.end()
        if (rest !== '') onText(rest)
      }
      return { ...completion, text: redact(completion.text, keyNames, env) }
    },
  }
}
