/**
 * How often the renderer's outbox tries again while the service is away. Shared so the e2e tests
 * move the page's clock by exactly this much instead of waiting for it.
 */
export const outboxRetryIntervalMs = 5000
