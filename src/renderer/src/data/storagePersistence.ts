import { useQuery } from '@tanstack/react-query'

/**
 * Whether the browser keeps this app's IndexedDB until the user deletes it ("persistent"), or
 * may clear it when the disk runs low ("best-effort"). Asked for once; the browser decides.
 */
export type StoragePersistence = 'persistent' | 'best-effort' | 'unknown'

const askForPersistence = async (): Promise<StoragePersistence> => {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
  if (!storage?.persist) return 'unknown'
  return (await storage.persisted()) || (await storage.persist()) ? 'persistent' : 'best-effort'
}

export const useStoragePersistence = () =>
  useQuery({ queryKey: ['storage-persistence'], queryFn: askForPersistence })
