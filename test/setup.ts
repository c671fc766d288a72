import fc from 'fast-check'

// Property tests run at least 1,000 times in CI; FC_NUM_RUNS raises it for a long local run.
fc.configureGlobal({ numRuns: Number(process.env.FC_NUM_RUNS ?? 1000) })
