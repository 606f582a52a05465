import { z } from 'zod'

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * The team server's address as a desk may use it: HTTPS, or plain HTTP only on this computer's
 * loopback (a test server, a tunnel), because a member's password travels with every request.
 * Without credentials, query or fragment: those belong in the keychain and the database field.
 */
export const teamServerUrlSchema = z
  .string()
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .transform((text, context) => {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      context.addIssue({
        code: 'custom',
        message: 'must be a web address such as https://couch.example.org',
      })
      return z.NEVER
    }
    const problem =
      url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackHosts.has(url.hostname))
        ? 'must start with https:// (plain http:// only on this computer, 127.0.0.1 or localhost): your password travels with every request'
        : url.username || url.password
          ? 'must not hold a name or password: type them in their own fields'
          : url.search || url.hash
            ? 'must not have a query (?…) or fragment (#…)'
            : null
    if (problem) {
      context.addIssue({ code: 'custom', message: problem })
      return z.NEVER
    }
    return url.origin + url.pathname.replace(/\/+$/, '')
  })
