import { QueryClient } from '@tanstack/react-query'

/**
 * The one cache of data fetched through the bridge. The main side already retries what may be
 * retried (and never what may have been billed), so queries never retry on their own; and the
 * service's reachability is the bridge's to tell, not the browser's online flag.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      networkMode: 'always',
      staleTime: Infinity,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
})
